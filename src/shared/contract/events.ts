import { z } from 'zod';
import { chatEventSchema } from './chat';
import { reminderFiredSchema, reminderMissedSchema } from './schedule';
import { memoryIndexEventSchema } from './memory';

/** Push events from the engine to the UI. Each domain adds its payload schema here. */
export const eventSchemas = {
  /** Something in a domain changed; views refetch. */
  'data.changed': z.object({ domain: z.string(), ids: z.array(z.number().int()).optional() }),
  /** Progress of a chat turn (see chat.ts for the union and its order). */
  'chat.event': chatEventSchema,
  /** One occurrence of a reminder is due now (or late after start-up / sleep). */
  'reminder.fired': reminderFiredSchema,
  /** One summary of the reminders that passed beyond the grace window while the app was off or asleep. */
  'reminder.missed': reminderMissedSchema,
  /** Offline OCR of a receipt: status text from tesseract and progress 0..1. */
  'receipt.progress': z.object({
    request_id: z.string(),
    status: z.string(),
    progress: z.number().min(0).max(1),
  }),
  /** Memory index (re)build progress. */
  'memory.index': memoryIndexEventSchema,
};
export type EventSchemas = typeof eventSchemas;
export type EventName = keyof EventSchemas;
export type EventPayload<K extends EventName> = z.infer<EventSchemas[K]>;

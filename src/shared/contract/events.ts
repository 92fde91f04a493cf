import { z } from 'zod';
import { chatEventSchema } from './chat';

/** Push events from the engine to the UI. Each domain adds its payload schema here. */
export const eventSchemas = {
  /** Something in a domain changed; views refetch. */
  'data.changed': z.object({ domain: z.string(), ids: z.array(z.number().int()).optional() }),
  /** Progress of a chat turn (see chat.ts for the union and its order). */
  'chat.event': chatEventSchema,
};
export type EventSchemas = typeof eventSchemas;
export type EventName = keyof EventSchemas;
export type EventPayload<K extends EventName> = z.infer<EventSchemas[K]>;

import { z } from 'zod';
import { memoryIndexEventSchema } from './memory';

/** Push events from the engine to the UI. Each domain adds its payload schema here. */
export const eventSchemas = {
  /** Something in a domain changed; views refetch. */
  'data.changed': z.object({ domain: z.string(), ids: z.array(z.number().int()).optional() }),
  /** Memory index (re)build progress. */
  'memory.index': memoryIndexEventSchema,
};
export type EventSchemas = typeof eventSchemas;
export type EventName = keyof EventSchemas;
export type EventPayload<K extends EventName> = z.infer<EventSchemas[K]>;

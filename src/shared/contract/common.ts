import { z } from 'zod';

export const idSchema = z.number().int().positive();
/** ISO 8601 date (YYYY-MM-DD) or date-time, with or without offset. Local wall time when no offset. */
export const dateTimeTextSchema = z.string().trim().max(64);
export const emptySchema = z.object({}).strict();
export const okSchema = z.object({ ok: z.literal(true) });
export const localeSchema = z.enum(['zh-CN', 'en']);
export type Locale = z.infer<typeof localeSchema>;

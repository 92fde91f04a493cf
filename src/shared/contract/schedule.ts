import { z } from 'zod';
import { op } from './define';
import { dateTimeTextSchema, idSchema } from './common';

export const SCHEDULE_STATUSES = ['PENDING', 'EXECUTED', 'CANCELLED', 'FAILED', 'MISSED'] as const;
export const scheduleStatusSchema = z.enum(SCHEDULE_STATUSES);
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

/**
 * Status words people and models use (reference 000 keeps a table of aliases:
 * 待办 → PENDING, 已完成 → EXECUTED, ...). Keys are lower-case.
 */
export const SCHEDULE_STATUS_ALIASES: Readonly<Record<string, ScheduleStatus>> = {
  pending: 'PENDING',
  todo: 'PENDING',
  active: 'PENDING',
  scheduled: 'PENDING',
  待办: 'PENDING',
  待执行: 'PENDING',
  待提醒: 'PENDING',
  未完成: 'PENDING',
  进行中: 'PENDING',
  executed: 'EXECUTED',
  done: 'EXECUTED',
  complete: 'EXECUTED',
  completed: 'EXECUTED',
  finished: 'EXECUTED',
  已完成: 'EXECUTED',
  完成: 'EXECUTED',
  已执行: 'EXECUTED',
  已提醒: 'EXECUTED',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
  cancel: 'CANCELLED',
  取消: 'CANCELLED',
  已取消: 'CANCELLED',
  failed: 'FAILED',
  fail: 'FAILED',
  error: 'FAILED',
  失败: 'FAILED',
  已失败: 'FAILED',
  missed: 'MISSED',
  miss: 'MISSED',
  错过: 'MISSED',
  已错过: 'MISSED',
  漏掉: 'MISSED',
};

/** Canonical status for a word, or null when it is not one we know. Empty text → null. */
export function normalizeScheduleStatus(text: string | null | undefined): ScheduleStatus | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  const upper = t.toUpperCase();
  if ((SCHEDULE_STATUSES as readonly string[]).includes(upper)) return upper as ScheduleStatus;
  return SCHEDULE_STATUS_ALIASES[t.toLowerCase()] ?? null;
}

export const NAMED_REPEATS = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export type NamedRepeat = (typeof NAMED_REPEATS)[number];
/** `daily | weekdays | weekly | monthly` or a 5-field cron expression (checked by the engine). */
export const repeatTextSchema = z.string().trim().max(100);

/** What the tools return (reference 000's shape, plus repeat and the zone it was set in). */
export const scheduleEntrySchema = z.object({
  id: idSchema,
  user_id: idSchema,
  job_id: z.string(),
  content: z.string(),
  status: scheduleStatusSchema,
  /** ISO 8601 with the offset of the reminder's zone, e.g. 2026-04-07T09:30:00+08:00. Recurring: the next occurrence. */
  trigger_time: z.string(),
  repeat: z.string().nullable(),
  time_zone: z.string(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** What the Schedule view shows: the entry plus delivery state. */
export const scheduleItemSchema = scheduleEntrySchema.extend({
  /** When it fires next (the occurrence or a snooze), null when nothing is left to fire. */
  next_fire_time: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  /** Latest delivered occurrence (fired), if any. */
  last_fired_time: z.string().nullable(),
  /** A one-shot reminder that has fired and is not yet marked done. */
  awaiting_done: z.boolean(),
  created_at: z.string(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleTabSchema = z.enum(['upcoming', 'done', 'cancelled', 'missed', 'failed']);
export type ScheduleTab = z.infer<typeof scheduleTabSchema>;

export const scheduleListInputSchema = z
  .object({
    /** Convenience for the view; `status` wins when both are given. */
    tab: scheduleTabSchema.optional(),
    status: z.string().trim().max(32).optional(),
    start_at: dateTimeTextSchema.optional(),
    end_at: dateTimeTextSchema.optional(),
    content_like: z.string().trim().max(200).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    schedule_ids: z.array(idSchema).max(1000).optional(),
  })
  .strict();
export type ScheduleListInput = z.infer<typeof scheduleListInputSchema>;

export const scheduleCreateInputSchema = z
  .object({
    content: z.string().trim().min(1, 'content is required').max(500),
    /** Local wall time in the person's zone, e.g. 2026-04-07 09:30. */
    trigger_time: dateTimeTextSchema.min(1, 'trigger_time is required'),
    status: z.string().trim().max(32).optional(),
    job_id: z.string().trim().max(100).optional(),
    repeat: repeatTextSchema.nullable().optional(),
  })
  .strict();
export type ScheduleCreateInput = z.infer<typeof scheduleCreateInputSchema>;

export const schedulePatchSchema = z
  .object({
    content: z.string().trim().min(1).max(500).optional(),
    trigger_time: dateTimeTextSchema.optional(),
    status: z.string().trim().max(32).optional(),
    /** null or "" removes the repetition. */
    repeat: repeatTextSchema.nullable().optional(),
  })
  .strict();
export type SchedulePatch = z.infer<typeof schedulePatchSchema>;

export const reminderFiredSchema = z.object({
  schedule_id: idSchema,
  content: z.string(),
  /** The occurrence as ISO with offset. */
  trigger_time: z.string(),
  /** The occurrence instant (epoch ms); with schedule_id it names one delivery. */
  occurrence_at: z.number().int(),
  /** Fired after its time (start-up or wake from sleep within the grace window). */
  late: z.boolean(),
  repeat: z.string().nullable(),
  /** A snoozed occurrence rather than a scheduled one. */
  snoozed: z.boolean(),
});
export type ReminderFired = z.infer<typeof reminderFiredSchema>;

export const reminderMissedSchema = z.object({
  /** Number of missed occurrences in total. */
  count: z.number().int(),
  items: z.array(
    z.object({
      schedule_id: idSchema,
      content: z.string(),
      /** The latest missed occurrence, ISO with offset. */
      trigger_time: z.string(),
      /** How many occurrences of this reminder were missed (recurring ones can miss several). */
      occurrences: z.number().int(),
    }),
  ),
});
export type ReminderMissed = z.infer<typeof reminderMissedSchema>;

const idInput = z.object({ id: idSchema }).strict();

export const scheduleOps = {
  'schedule.list': op(scheduleListInputSchema, z.object({ items: z.array(scheduleItemSchema) })),
  'schedule.get': op(idInput, scheduleItemSchema),
  'schedule.create': op(scheduleCreateInputSchema, scheduleItemSchema),
  'schedule.update': op(
    z.object({ id: idSchema, patch: schedulePatchSchema }).strict(),
    scheduleItemSchema,
  ),
  'schedule.delete': op(idInput, z.object({ deleted: scheduleItemSchema, undo_token: z.string() })),
  'schedule.undoDelete': op(
    z.object({ undo_token: z.string().min(1).max(200) }).strict(),
    scheduleItemSchema,
  ),
  /** Marks done: a one-shot → EXECUTED; a recurring one → this occurrence (default: the latest fired, else the next). */
  'schedule.complete': op(
    z.object({ id: idSchema, occurrence_at: z.number().int().optional() }).strict(),
    scheduleItemSchema,
  ),
  /** Fires again `minutes` from now (default 10) as its own delivery. */
  'schedule.snooze': op(
    z
      .object({
        id: idSchema,
        minutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .optional(),
      })
      .strict(),
    scheduleItemSchema,
  ),
};

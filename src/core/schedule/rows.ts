import type { ScheduleEntry, ScheduleItem, ScheduleStatus } from '../../shared/contract';
import { isoInZone, parseWallText } from './wall-time';
import { parseRepeat, type Repeat } from './recurrence';

export interface ScheduleRow {
  id: number;
  user_id: number;
  job_id: string;
  content: string;
  status: ScheduleStatus;
  /** One-shot: when it fires. Recurring: the current (next) occurrence. */
  trigger_at: number;
  /** Wall time as set, `2026-04-07T09:30:00` in time_zone; recurring rules keep to it. */
  anchor_local: string;
  time_zone: string;
  repeat: string | null;
  /** Next scheduled occurrence not yet acted on. */
  next_at: number | null;
  /** A snoozed re-delivery. */
  snooze_at: number | null;
  /** min(next_at, snooze_at) while PENDING, else null: what the scheduler waits for. */
  due_at: number | null;
  platform: string;
  created_at: number;
  updated_at: number;
}

/** A row joined with its delivery state (see SELECT_ITEM). */
export interface ScheduleItemRow extends ScheduleRow {
  last_fired_at: number | null;
  fired_count: number;
}

/** Rows with the delivery columns the view needs. */
export const SELECT_ITEM = `SELECT s.*,
  (SELECT MAX(d.occurrence_at) FROM reminder_deliveries d WHERE d.schedule_id = s.id AND d.kind = 'fired') AS last_fired_at,
  (SELECT COUNT(*) FROM reminder_deliveries d WHERE d.schedule_id = s.id AND d.kind = 'fired') AS fired_count
  FROM schedules s`;

export function ruleOf(r: Pick<ScheduleRow, 'repeat'>): Repeat | null {
  return r.repeat ? parseRepeat(r.repeat) : null;
}

export function anchorOf(r: Pick<ScheduleRow, 'anchor_local'>): number {
  return parseWallText(r.anchor_local);
}

export function dueOf(
  status: ScheduleStatus,
  nextAt: number | null,
  snoozeAt: number | null,
): number | null {
  if (status !== 'PENDING') return null;
  if (nextAt === null) return snoozeAt;
  if (snoozeAt === null) return nextAt;
  return Math.min(nextAt, snoozeAt);
}

/** Reference 000's schedule payload (plus repeat and time_zone). */
export function toEntry(r: ScheduleRow): ScheduleEntry {
  return {
    id: r.id,
    user_id: r.user_id,
    job_id: r.job_id,
    content: r.content,
    status: r.status,
    trigger_time: isoInZone(r.trigger_at, r.time_zone),
    repeat: r.repeat,
    time_zone: r.time_zone,
  };
}

export function toItem(r: ScheduleItemRow): ScheduleItem {
  const iso = (ms: number | null) => (ms === null ? null : isoInZone(ms, r.time_zone));
  return {
    ...toEntry(r),
    next_fire_time: iso(r.due_at),
    snoozed_until: iso(r.snooze_at),
    last_fired_time: iso(r.last_fired_at),
    awaiting_done: r.status === 'PENDING' && !r.repeat && r.next_at === null && r.fired_count > 0,
    created_at: isoInZone(r.created_at, r.time_zone),
  };
}

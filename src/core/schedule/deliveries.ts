import type { Db } from '../db/connection';
import type { AuditService } from '../audit/service';
import type { ReminderFired, ReminderMissed, ScheduleStatus } from '../../shared/contract';
import { anchorOf, dueOf, ruleOf, toEntry, type ScheduleRow } from './rows';
import { firstOccurrenceFrom, nextOccurrence } from './recurrence';
import { isoInZone } from './wall-time';

export interface DuePolicy {
  /** An occurrence up to this late still fires (marked late); older ones are missed. */
  graceMs: number;
  /** Fired more than this after its time counts as late. */
  lateMs: number;
}

export interface DueOutcome {
  fired: ReminderFired[];
  missed: ReminderMissed['items'];
  changedIds: number[];
}

const BATCH = 500;
/** Occurrences of one recurring reminder walked one by one before jumping ahead (a minutely cron after a long sleep). */
const MAX_WALK = 1000;

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return {
    select: db.prepare(
      'SELECT * FROM schedules WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?',
    ),
    known: db.prepare(
      'SELECT 1 FROM reminder_deliveries WHERE schedule_id = ? AND occurrence_at = ?',
    ),
    insert: db.prepare(
      `INSERT OR IGNORE INTO reminder_deliveries (schedule_id, occurrence_at, kind, late, snoozed, acted_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    update: db.prepare(
      'UPDATE schedules SET status = ?, trigger_at = ?, next_at = ?, snooze_at = ?, due_at = ?, updated_at = ? WHERE id = ?',
    ),
  };
}

/** Prepared once per connection: the loop runs this on every due wake. */
function statements(db: Db): ReturnType<typeof prepare> {
  let s = cache.get(db);
  if (!s) {
    s = prepare(db);
    cache.set(db, s);
  }
  return s;
}

interface Occurrence {
  at: number;
  snoozed: boolean;
}

/**
 * Acts on every reminder due at `now`. Per reminder, in one transaction with
 * its status change: the latest due occurrence fires if it is within the
 * grace window, all others are missed. A delivery row per occurrence, UNIQUE
 * (schedule_id, occurrence_at), is what makes a fire happen at most once —
 * after a restart, a second process, or a race with an edit.
 */
export function processDue(
  db: Db,
  audit: AuditService,
  now: number,
  policy: DuePolicy,
): DueOutcome {
  const out: DueOutcome = { fired: [], missed: [], changedIds: [] };
  const { select, known, insert, update } = statements(db);

  const handle = (row: ScheduleRow): void => {
    const rule = ruleOf(row);
    const occs: Occurrence[] = [];
    let nextAt = row.next_at;
    let snoozeAt = row.snooze_at;
    let triggerAt = row.trigger_at;
    let missedCount = 0;
    if (snoozeAt !== null && snoozeAt <= now) {
      occs.push({ at: snoozeAt, snoozed: true });
      snoozeAt = null;
    }
    if (nextAt !== null && nextAt <= now) {
      if (!rule) {
        occs.push({ at: nextAt, snoozed: false });
        nextAt = null;
      } else {
        const anchor = anchorOf(row);
        let t: number | null = nextAt;
        for (let walked = 0; t !== null && t <= now; walked++) {
          if (walked === MAX_WALK) {
            // Everything before the grace window is missed anyway; count what was walked and jump.
            t = firstOccurrenceFrom(rule, anchor, row.time_zone, now - policy.graceMs);
            continue;
          }
          occs.push({ at: t, snoozed: false });
          t = nextOccurrence(rule, anchor, row.time_zone, t);
        }
        nextAt = t;
        if (t !== null) triggerAt = t;
      }
    }
    // Occurrences already acted on (completed ahead, delivered before a crash) are not acted on again.
    const pending = occs.filter((o) => !known.get(row.id, o.at)).sort((a, b) => a.at - b.at);
    const latest = pending.at(-1);
    const fire = latest && now - latest.at <= policy.graceMs ? latest : null;
    const missed = pending.filter((o) => o !== fire);
    missedCount = missed.length;

    let status: ScheduleStatus = row.status;
    if (fire) {
      const late = now - fire.at > policy.lateMs;
      const res = insert.run(row.id, fire.at, 'fired', late ? 1 : 0, fire.snoozed ? 1 : 0, now);
      if (res.changes === 1) {
        out.fired.push({
          schedule_id: row.id,
          content: row.content,
          trigger_time: isoInZone(fire.at, row.time_zone),
          occurrence_at: fire.at,
          late,
          repeat: row.repeat,
          snoozed: fire.snoozed,
        });
      }
    }
    if (missed.length > 0) {
      // One row for the latest missed occurrence is enough to keep it from ever firing later.
      const last = missed.at(-1)!;
      insert.run(row.id, last.at, 'missed', 0, last.snoozed ? 1 : 0, now);
      if (!rule && !fire) status = 'MISSED';
      out.missed.push({
        schedule_id: row.id,
        content: row.content,
        trigger_time: isoInZone(last.at, row.time_zone),
        occurrences: missedCount,
      });
    }
    if (status !== 'PENDING') {
      nextAt = null;
      snoozeAt = null;
    }
    update.run(status, triggerAt, nextAt, snoozeAt, dueOf(status, nextAt, snoozeAt), now, row.id);
    if (status !== row.status) {
      audit.record({
        userId: row.user_id,
        actor: 'system',
        action: 'missed',
        entity: 'schedule',
        entityId: row.id,
        before: toEntry(row),
        after: toEntry({ ...row, status }),
      });
    }
    out.changedIds.push(row.id);
  };

  for (;;) {
    const rows = select.all(now, BATCH) as ScheduleRow[];
    if (rows.length === 0) break;
    db.transaction(() => rows.forEach(handle))();
    if (rows.length < BATCH) break;
  }
  return out;
}

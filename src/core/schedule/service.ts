import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import type { Clock } from '../clock';
import { AuditService, type Actor } from '../audit/service';
import type { EventBus } from '../events';
import { PaiError } from '../../shared/errors';
import {
  normalizeScheduleStatus,
  type ScheduleEntry,
  type ScheduleItem,
  type ScheduleListInput,
  type ScheduleStatus,
  type ScheduleTab,
} from '../../shared/contract';
import {
  firstOccurrenceFrom,
  nextOccurrence,
  parseRepeat,
  repeatToText,
  type Repeat,
} from './recurrence';
import { parseTriggerTime, wallText, wallToInstant } from './wall-time';
import {
  SELECT_ITEM,
  anchorOf,
  dueOf,
  ruleOf,
  toEntry,
  toItem,
  type ScheduleItemRow,
  type ScheduleRow,
} from './rows';
import { processDue, type DueOutcome, type DuePolicy } from './deliveries';

export type { DueOutcome, DuePolicy } from './deliveries';

export interface WriteMeta {
  actor: Actor;
  conversationId?: number | null;
  platform?: string;
}

export interface ScheduleDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  events: EventBus;
  timeZone: () => string;
}

export interface ScheduleCreate {
  content: string;
  trigger_time: string;
  status?: string;
  job_id?: string;
  repeat?: string | null;
}

export interface SchedulePatchInput {
  content?: string;
  trigger_time?: string;
  status?: string;
  /** undefined: unchanged; null, "" or "none": no repetition. */
  repeat?: string | null;
}

export const DEFAULT_SNOOZE_MINUTES = 10;
const DAY_MS = 86_400_000;

const TAB_STATUS: Record<ScheduleTab, ScheduleStatus> = {
  upcoming: 'PENDING',
  done: 'EXECUTED',
  cancelled: 'CANCELLED',
  missed: 'MISSED',
  failed: 'FAILED',
};

/** Canonical status from a word (待办, done, 已取消, ...); unknown words are refused, not ignored. */
export function statusArg(text: string): ScheduleStatus {
  const s = normalizeScheduleStatus(text);
  if (!s) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `无法识别的状态 "${text}"，可用 PENDING/EXECUTED/CANCELLED/FAILED/MISSED 或 待办/已完成/取消/失败/错过 (unknown status)`,
    );
  }
  return s;
}

/**
 * Reminders: single-row writes (audited, undoable delete), queries, and the
 * delivery bookkeeping the scheduler drives. Every change emits
 * `data.changed` for domain `schedule`, which also re-arms the scheduler.
 */
export class ScheduleService {
  constructor(private readonly d: ScheduleDeps) {}

  private get db(): Db {
    return this.d.db;
  }

  private statements: Statements | null = null;
  private q(sql: string): Statement {
    this.statements ??= new Statements(this.db);
    return this.statements.get(sql);
  }

  private row(userId: number, id: number): ScheduleRow {
    const r = this.q('SELECT * FROM schedules WHERE id = ?').get(id) as ScheduleRow | undefined;
    if (!r || r.user_id !== userId)
      throw new PaiError('NOT_FOUND', `日程 #${id} 不存在 (reminder ${id} not found)`);
    return r;
  }

  private itemRow(id: number): ScheduleItemRow {
    return this.q(`${SELECT_ITEM} WHERE s.id = ?`).get(id) as ScheduleItemRow;
  }

  get(userId: number, id: number): ScheduleItem {
    this.row(userId, id);
    return toItem(this.itemRow(id));
  }

  entry(userId: number, id: number): ScheduleEntry {
    return toEntry(this.row(userId, id));
  }

  /**
   * Where a reminder stands after its time or rule is set: a one-shot fires at
   * its time (even a past one: the scheduler then fires it late or marks it
   * missed); a recurring one from its first occurrence not in the past.
   */
  private plan(
    rule: Repeat | null,
    anchorWall: number,
    zone: string,
    status: ScheduleStatus,
    now: number,
  ) {
    const anchorAt = wallToInstant(anchorWall, zone);
    if (!rule) return { trigger_at: anchorAt, next_at: status === 'PENDING' ? anchorAt : null };
    const first = firstOccurrenceFrom(rule, anchorWall, zone, Math.max(anchorAt, now));
    if (first === null) {
      throw new PaiError(
        'VALIDATION_FAILED',
        '这个重复规则没有将来的提醒时间 (the repeat rule has no future occurrence)',
      );
    }
    return { trigger_at: first, next_at: status === 'PENDING' ? first : null };
  }

  create(userId: number, input: ScheduleCreate, meta: WriteMeta): ScheduleItem {
    const now = this.d.clock.now();
    const zone = this.d.timeZone();
    const content = input.content.trim();
    if (!content) throw new PaiError('VALIDATION_FAILED', '提醒内容不能为空 (content is required)');
    const { wall } = parseTriggerTime(input.trigger_time, zone);
    const status = input.status?.trim() ? statusArg(input.status) : 'PENDING';
    const rule = parseRepeat(input.repeat);
    const jobId = input.job_id?.trim() || randomUUID();
    const { trigger_at, next_at } = this.plan(rule, wall, zone, status, now);
    const item = this.db.transaction(() => {
      if (this.q('SELECT 1 FROM schedules WHERE job_id = ?').get(jobId)) {
        throw new PaiError('CONFLICT', `job_id "${jobId}" 已存在 (job_id already in use)`);
      }
      const info = this.db
        .prepare(
          `INSERT INTO schedules (user_id, job_id, content, status, trigger_at, anchor_local, time_zone, repeat,
             next_at, snooze_at, due_at, platform, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
        )
        .run(
          userId,
          jobId,
          content,
          status,
          trigger_at,
          wallText(wall),
          zone,
          repeatToText(rule),
          next_at,
          dueOf(status, next_at, null),
          meta.platform ?? 'desktop',
          now,
          now,
        );
      const id = Number(info.lastInsertRowid);
      const created = toItem(this.itemRow(id));
      this.audit(userId, meta, 'insert', id, undefined, toEntry(this.row(userId, id)));
      return created;
    })();
    this.changed([item.id]);
    return item;
  }

  /** Only the given fields change; a new time or rule re-plans the reminder (and drops a snooze). */
  update(userId: number, id: number, patch: SchedulePatchInput, meta: WriteMeta): ScheduleItem {
    const now = this.d.clock.now();
    const item = this.db.transaction(() => {
      const before = this.row(userId, id);
      const next: ScheduleRow = { ...before, updated_at: now };
      if (patch.content !== undefined && patch.content.trim()) next.content = patch.content.trim();
      let replan = false;
      if (patch.trigger_time !== undefined && patch.trigger_time.trim()) {
        const zone = this.d.timeZone();
        next.anchor_local = wallText(parseTriggerTime(patch.trigger_time, zone).wall);
        next.time_zone = zone;
        replan = true;
      }
      if (patch.repeat !== undefined) {
        next.repeat = repeatToText(parseRepeat(patch.repeat));
        if (next.repeat !== before.repeat) replan = true;
      }
      if (patch.status !== undefined && patch.status.trim()) next.status = statusArg(patch.status);
      if (replan) {
        Object.assign(
          next,
          this.plan(ruleOf(next), anchorOf(next), next.time_zone, next.status, now),
        );
        next.snooze_at = null;
      } else if (next.status !== before.status) {
        if (next.status === 'PENDING') this.reactivate(next, now);
        else {
          next.next_at = null;
          next.snooze_at = null;
        }
      }
      next.due_at = dueOf(next.status, next.next_at, next.snooze_at);
      this.write(next);
      const after = toEntry(next);
      this.audit(userId, meta, 'update', id, toEntry(before), after);
      return toItem(this.itemRow(id));
    })();
    this.changed([id]);
    return item;
  }

  /** Back to PENDING without a new time: a one-shot fires only if its time has not been acted on. */
  private reactivate(r: ScheduleRow, now: number): void {
    const rule = ruleOf(r);
    if (!rule) {
      r.next_at = this.hasDelivery(r.id, r.trigger_at) ? null : r.trigger_at;
      return;
    }
    const first = firstOccurrenceFrom(rule, anchorOf(r), r.time_zone, now);
    r.next_at = first;
    if (first !== null) r.trigger_at = first;
  }

  private hasDelivery(id: number, at: number): boolean {
    return !!this.q(
      'SELECT 1 FROM reminder_deliveries WHERE schedule_id = ? AND occurrence_at = ?',
    ).get(id, at);
  }

  private write(r: ScheduleRow): void {
    this.db
      .prepare(
        `UPDATE schedules SET content = @content, status = @status, trigger_at = @trigger_at, anchor_local = @anchor_local,
           time_zone = @time_zone, repeat = @repeat, next_at = @next_at, snooze_at = @snooze_at, due_at = @due_at,
           updated_at = @updated_at
         WHERE id = @id`,
      )
      .run(r);
  }

  /** Removes the reminder and its delivery records (reference 000); returns the snapshot and an undo token. */
  delete(
    userId: number,
    id: number,
    meta: WriteMeta,
  ): { deleted: ScheduleItem; undo_token: string } {
    const res = this.db.transaction(() => {
      const before = this.row(userId, id);
      const snapshot = toItem(this.itemRow(id));
      const deliveries = this.q('SELECT * FROM reminder_deliveries WHERE schedule_id = ?').all(id);
      this.q('DELETE FROM reminder_deliveries WHERE schedule_id = ?').run(id);
      this.q('DELETE FROM schedules WHERE id = ?').run(id);
      const auditId = this.d.audit.change('schedule', userId, meta, 'delete', id, {
        before: { ...toEntry(before), _row: before, _deliveries: deliveries },
      });
      return { deleted: snapshot, undo_token: AuditService.undoToken('schedule', auditId) };
    })();
    this.changed([id]);
    return res;
  }

  /** Restores a deleted reminder with its id and delivery history; the scheduler picks it up again. */
  undoDelete(userId: number, token: string, meta: WriteMeta): ScheduleItem {
    const item = this.db.transaction(() => {
      const snap = this.d.audit.deleted<{
        _row: ScheduleRow;
        _deliveries: Record<string, unknown>[];
      }>('schedule', token, userId).before;
      const row = snap._row;
      if (this.q('SELECT 1 FROM schedules WHERE id = ? OR job_id = ?').get(row.id, row.job_id)) {
        throw new PaiError('CONFLICT', '这条提醒已恢复 (already restored)');
      }
      this.db
        .prepare(
          `INSERT INTO schedules (id, user_id, job_id, content, status, trigger_at, anchor_local, time_zone, repeat,
             next_at, snooze_at, due_at, platform, created_at, updated_at)
           VALUES (@id, @user_id, @job_id, @content, @status, @trigger_at, @anchor_local, @time_zone, @repeat,
             @next_at, @snooze_at, @due_at, @platform, @created_at, @updated_at)`,
        )
        .run(row);
      const ins = this.q(
        `INSERT INTO reminder_deliveries (id, schedule_id, occurrence_at, kind, late, snoozed, acted_at, done_at)
         VALUES (@id, @schedule_id, @occurrence_at, @kind, @late, @snoozed, @acted_at, @done_at)`,
      );
      for (const d of snap._deliveries) ins.run(d);
      this.audit(userId, meta, 'restore', row.id, undefined, toEntry(row));
      return toItem(this.itemRow(row.id));
    })();
    this.changed([item.id]);
    return item;
  }

  /**
   * Marks done. A one-shot becomes EXECUTED. A recurring one stays PENDING and
   * only the occurrence is marked: the one given, else the latest fired one not
   * yet done, else the next upcoming one (which is then skipped).
   */
  complete(
    userId: number,
    id: number,
    occurrenceAt: number | undefined,
    meta: WriteMeta,
  ): ScheduleItem {
    const now = this.d.clock.now();
    const item = this.db.transaction(() => {
      const before = this.row(userId, id);
      const next: ScheduleRow = { ...before, updated_at: now, snooze_at: null };
      const rule = ruleOf(before);
      if (!rule) {
        next.status = 'EXECUTED';
        next.next_at = null;
        this.db
          .prepare(
            'UPDATE reminder_deliveries SET done_at = ? WHERE schedule_id = ? AND done_at IS NULL',
          )
          .run(now, id);
      } else {
        const latestUndone = this.db
          .prepare(
            `SELECT occurrence_at FROM reminder_deliveries WHERE schedule_id = ? AND kind = 'fired' AND done_at IS NULL
             ORDER BY occurrence_at DESC LIMIT 1`,
          )
          .get(id) as { occurrence_at: number } | undefined;
        const occ = occurrenceAt ?? latestUndone?.occurrence_at ?? before.next_at;
        if (occ === null) throw new PaiError('CONFLICT', '没有可完成的提醒 (nothing to complete)');
        const marked = this.db
          .prepare(
            'UPDATE reminder_deliveries SET done_at = ? WHERE schedule_id = ? AND occurrence_at = ? AND done_at IS NULL',
          )
          .run(now, id, occ);
        if (marked.changes === 0 && !this.hasDelivery(id, occ)) {
          if (occ !== before.next_at) {
            throw new PaiError(
              'VALIDATION_FAILED',
              '这个时间不是该提醒的一次发生 (not an occurrence of this reminder)',
            );
          }
          this.db
            .prepare(
              `INSERT INTO reminder_deliveries (schedule_id, occurrence_at, kind, acted_at, done_at) VALUES (?, ?, 'skipped', ?, ?)`,
            )
            .run(id, occ, now, now);
        }
        if (occ === before.next_at) {
          next.next_at = nextOccurrence(rule, anchorOf(before), before.time_zone, occ);
          if (next.next_at !== null) next.trigger_at = next.next_at;
        }
      }
      next.due_at = dueOf(next.status, next.next_at, next.snooze_at);
      this.write(next);
      this.audit(userId, meta, 'complete', id, toEntry(before), toEntry(next));
      return toItem(this.itemRow(id));
    })();
    this.changed([id]);
    return item;
  }

  /** Fires again `minutes` from now as its own delivery; a missed or failed one becomes PENDING again. */
  snooze(userId: number, id: number, minutes: number, meta: WriteMeta): ScheduleItem {
    const now = this.d.clock.now();
    const item = this.db.transaction(() => {
      const before = this.row(userId, id);
      if (before.status === 'EXECUTED' || before.status === 'CANCELLED') {
        throw new PaiError(
          'CONFLICT',
          '已完成或已取消的提醒不能稍后提醒 (a done or cancelled reminder cannot be snoozed)',
        );
      }
      const next: ScheduleRow = { ...before, status: 'PENDING', updated_at: now };
      if (before.status !== 'PENDING' && ruleOf(before)) this.reactivate(next, now);
      // Whole seconds, so the occurrence reads cleanly as ISO text.
      next.snooze_at = Math.ceil((now + minutes * 60_000) / 1000) * 1000;
      next.due_at = dueOf(next.status, next.next_at, next.snooze_at);
      this.write(next);
      this.audit(userId, meta, 'snooze', id, toEntry(before), {
        ...toEntry(next),
        snoozed_until: next.snooze_at,
      });
      return toItem(this.itemRow(id));
    })();
    this.changed([id]);
    return item;
  }

  /** The most recently created (id desc), null when there is none. */
  latest(userId: number): ScheduleEntry | null {
    const r = this.q('SELECT * FROM schedules WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(
      userId,
    ) as ScheduleRow | undefined;
    return r ? toEntry(r) : null;
  }

  /** The last N created (reference 000: 最近几条提醒, by id). */
  listRecent(userId: number, limit = 10): ScheduleEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM schedules WHERE user_id = ? ORDER BY id DESC LIMIT ?')
      .all(userId, limit) as ScheduleRow[];
    return rows.map(toEntry);
  }

  /**
   * Filtered list on the trigger time (local wall time; a date-only end_at
   * covers that day). The upcoming tab orders by when each fires next.
   */
  list(userId: number, f: ScheduleListInput): ScheduleItem[] {
    const zone = this.d.timeZone();
    const parts = ['s.user_id = ?'];
    const params: unknown[] = [userId];
    const status = f.status?.trim() ? statusArg(f.status) : f.tab ? TAB_STATUS[f.tab] : null;
    if (status) {
      parts.push('s.status = ?');
      params.push(status);
    }
    if (f.start_at?.trim()) {
      parts.push('s.trigger_at >= ?');
      params.push(parseTriggerTime(f.start_at, zone, 'start_at').instant);
    }
    if (f.end_at?.trim()) {
      const end = parseTriggerTime(f.end_at, zone, 'end_at');
      parts.push('s.trigger_at < ?');
      params.push(
        /^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(f.end_at.trim())
          ? wallToInstant(end.wall + DAY_MS, zone)
          : end.instant,
      );
    }
    if (f.content_like?.trim()) {
      parts.push("s.content LIKE ? ESCAPE '\\'");
      params.push(`%${f.content_like.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (f.schedule_ids && f.schedule_ids.length > 0) {
      parts.push(`s.id IN (${f.schedule_ids.map(() => '?').join(',')})`);
      params.push(...f.schedule_ids);
    }
    const byDue = f.tab === 'upcoming' && !f.status;
    const dir =
      (f.order ?? (f.tab && f.tab !== 'upcoming' ? 'desc' : 'asc')) === 'desc' ? 'DESC' : 'ASC';
    const key = byDue ? 'COALESCE(s.due_at, s.trigger_at)' : 's.trigger_at';
    const rows = this.db
      .prepare(
        `${SELECT_ITEM} WHERE ${parts.join(' AND ')} ORDER BY ${key} ${dir}, s.id ${dir} LIMIT ?`,
      )
      .all(...params, f.limit ?? 100) as ScheduleItemRow[];
    return rows.map(toItem);
  }

  /** The earliest instant the scheduler must wake for, or null. */
  earliestDue(): number | null {
    return (
      this.q('SELECT MIN(due_at) AS t FROM schedules WHERE due_at IS NOT NULL').get() as {
        t: number | null;
      }
    ).t;
  }

  /** Fires or marks missed everything due at `now`, each occurrence at most once. */
  processDue(now: number, policy: DuePolicy): DueOutcome {
    const out = processDue(this.db, this.d.audit, now, policy);
    if (out.changedIds.length > 0) this.changed(out.changedIds);
    return out;
  }

  private audit(
    userId: number,
    meta: WriteMeta,
    action: string,
    id: number,
    before?: unknown,
    after?: unknown,
  ): void {
    this.d.audit.change('schedule', userId, meta, action, id, { before, after });
  }

  private changed(ids: number[]): void {
    this.d.events.emit('data.changed', { domain: 'schedule', ids });
  }
}

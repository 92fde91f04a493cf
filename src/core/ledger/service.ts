import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import type { Clock } from '../clock';
import { AuditService, type Actor } from '../audit/service';
import type { EventBus } from '../events';
import { PaiError } from '../../shared/errors';
import type {
  LedgerCreateInput,
  LedgerEntry,
  LedgerListInput,
  LedgerSummary,
} from '../../shared/contract';
import { fromMinor, toMinor } from '../money';
import { parseLocalDateTime } from '../time';
import { toEntry, type LedgerRow } from './rows';

export type { LedgerRow } from './rows';
import * as queries from './queries';
import { summarize } from './summary';

export const DEFAULT_CATEGORY = '其他';
export const DEFAULT_ITEM = '消费';

const INSERT_SQL = `INSERT INTO ledgers (user_id, amount_minor, currency, category, item, image_url, transaction_at, platform, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export interface WriteMeta {
  actor: Actor;
  conversationId?: number | null;
  platform?: string;
}

export interface LedgerDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  events: EventBus;
  timeZone: () => string;
  defaultCurrency: () => string;
}

export type LedgerPatch = Partial<LedgerCreateInput>;

/** The ledger of expenses: single-row writes (audited, undoable) and queries. */
export class LedgerService {
  private readonly st: Statements;

  constructor(private readonly d: LedgerDeps) {
    this.st = new Statements(d.db);
  }

  private get db(): Db {
    return this.d.db;
  }

  toEntry(r: LedgerRow): LedgerEntry {
    return toEntry(r, this.d.timeZone());
  }

  private row(userId: number, id: number): LedgerRow {
    const r = this.st.get('SELECT * FROM ledgers WHERE id = ?').get(id) as LedgerRow | undefined;
    // Another person's row is reported exactly like a missing one.
    if (!r || r.user_id !== userId)
      throw new PaiError('NOT_FOUND', `账单 #${id} 不存在 (ledger entry ${id} not found)`);
    return r;
  }

  get(userId: number, id: number): LedgerEntry {
    return this.toEntry(this.row(userId, id));
  }

  create(userId: number, input: LedgerCreateInput, meta: WriteMeta): LedgerEntry {
    const now = this.d.clock.now();
    const currency = input.currency || this.d.defaultCurrency();
    const amountMinor = toMinor(input.amount, currency);
    const at =
      parseLocalDateTime(input.transaction_date, this.d.timeZone(), 'transaction_date') ?? now;
    const category = input.category?.trim() || DEFAULT_CATEGORY;
    const item = input.item?.trim() || DEFAULT_ITEM;
    const imageUrl = input.image_url?.trim() ?? '';
    const platform = meta.platform ?? 'desktop';
    const entry = this.db.transaction(() => {
      const info = this.st
        .get(INSERT_SQL)
        .run(userId, amountMinor, currency, category, item, imageUrl, at, platform, now, now);
      const row: LedgerRow = {
        id: Number(info.lastInsertRowid),
        user_id: userId,
        amount_minor: amountMinor,
        currency,
        category,
        item,
        image_url: imageUrl,
        transaction_at: at,
        platform,
        created_at: now,
        updated_at: now,
      };
      const created = this.toEntry(row);
      this.audit(userId, meta, 'insert', created.id, { after: created });
      return created;
    })();
    this.changed([entry.id]);
    return entry;
  }

  /** Updates only the fields given; the rest stay as they were. */
  update(userId: number, id: number, patch: LedgerPatch, meta: WriteMeta): LedgerEntry {
    // No field given: nothing to change, nothing to audit.
    if (Object.values(patch).every((v) => v === undefined)) return this.get(userId, id);
    const entry = this.db.transaction(() => {
      const before = this.row(userId, id);
      const currency = patch.currency || before.currency;
      const next: LedgerRow = {
        ...before,
        currency,
        // A currency with other minor units (CNY → JPY) keeps the decimal amount, not the integer.
        amount_minor: toMinor(
          patch.amount ?? fromMinor(before.amount_minor, before.currency),
          currency,
        ),
        category:
          patch.category !== undefined
            ? patch.category.trim() || DEFAULT_CATEGORY
            : before.category,
        item: patch.item !== undefined ? patch.item.trim() || DEFAULT_ITEM : before.item,
        image_url: patch.image_url !== undefined ? patch.image_url.trim() : before.image_url,
        transaction_at:
          patch.transaction_date !== undefined && patch.transaction_date.trim() !== ''
            ? parseLocalDateTime(patch.transaction_date, this.d.timeZone(), 'transaction_date')!
            : before.transaction_at,
        updated_at: this.d.clock.now(),
      };
      this.st
        .get(
          `UPDATE ledgers SET amount_minor = ?, currency = ?, category = ?, item = ?, image_url = ?, transaction_at = ?, updated_at = ?
           WHERE id = ? AND user_id = ?`,
        )
        .run(
          next.amount_minor,
          next.currency,
          next.category,
          next.item,
          next.image_url,
          next.transaction_at,
          next.updated_at,
          id,
          userId,
        );
      const after = this.toEntry(next);
      this.audit(userId, meta, 'update', id, { before: this.toEntry(before), after });
      return after;
    })();
    this.changed([id]);
    return entry;
  }

  /** Deletes and returns the snapshot; the undo token restores it. */
  delete(
    userId: number,
    id: number,
    meta: WriteMeta,
  ): { deleted: LedgerEntry; undo_token: string } {
    const res = this.db.transaction(() => {
      const before = this.row(userId, id);
      this.st.get('DELETE FROM ledgers WHERE id = ? AND user_id = ?').run(id, userId);
      // The raw row rides along in the snapshot so undo restores it exactly (same id, minor units).
      const auditId = this.audit(userId, meta, 'delete', id, {
        before: { ...this.toEntry(before), _row: before },
      });
      return {
        deleted: this.toEntry(before),
        undo_token: AuditService.undoToken('ledger', auditId),
      };
    })();
    this.changed([id]);
    return res;
  }

  /** Restores a deleted entry with its original id from the audit snapshot. */
  undoDelete(userId: number, token: string, meta: WriteMeta): LedgerEntry {
    const entry = this.db.transaction(() => {
      const row = this.d.audit.deleted<{ _row: LedgerRow }>('ledger', token, userId).before._row;
      const exists = this.db.prepare('SELECT 1 FROM ledgers WHERE id = ?').get(row.id);
      if (exists) throw new PaiError('CONFLICT', '这笔账单已恢复 (already restored)');
      this.db
        .prepare(
          `INSERT INTO ledgers (id, user_id, amount_minor, currency, category, item, image_url, transaction_at, platform, created_at, updated_at)
           VALUES (@id, @user_id, @amount_minor, @currency, @category, @item, @image_url, @transaction_at, @platform, @created_at, @updated_at)`,
        )
        .run(row);
      const restored = this.toEntry(row);
      this.audit(userId, meta, 'restore', row.id, { after: restored });
      return restored;
    })();
    this.changed([entry.id]);
    return entry;
  }

  latest(userId: number): LedgerEntry | null {
    const r = this.st
      .get('SELECT * FROM ledgers WHERE user_id = ? ORDER BY id DESC LIMIT 1')
      .get(userId) as LedgerRow | undefined;
    return r ? this.toEntry(r) : null;
  }

  /** The last N by id (reference 000: "最近几笔", not a date range). */
  listRecent(userId: number, limit = 10): LedgerEntry[] {
    const zone = this.d.timeZone();
    const rows = this.st
      .get('SELECT * FROM ledgers WHERE user_id = ? ORDER BY id DESC LIMIT ?')
      .all(userId, limit) as LedgerRow[];
    return rows.map((r) => toEntry(r, zone));
  }

  /** Filtered list; a date-only end_at covers that whole local day (half-open interval). */
  list(userId: number, f: LedgerListInput): { entries: LedgerEntry[]; total: number } {
    return queries.list(this.st, userId, f, this.d.timeZone());
  }

  /** Totals by category and by local month for a range, in one currency. */
  summary(
    userId: number,
    range: { start_at?: string; end_at?: string; currency?: string },
  ): LedgerSummary {
    return summarize(
      this.st,
      userId,
      range,
      this.d.timeZone(),
      range.currency || this.d.defaultCurrency(),
    );
  }

  categories(userId: number, defaults: string[]): string[] {
    const used = (
      this.db
        .prepare('SELECT DISTINCT category FROM ledgers WHERE user_id = ? ORDER BY category')
        .all(userId) as {
        category: string;
      }[]
    ).map((r) => r.category);
    return [...new Set([...defaults, ...used])];
  }

  /** One audit row for a ledger change, in the caller's transaction; returns its id (undo tokens point at it). */
  private audit(
    userId: number,
    meta: WriteMeta,
    action: 'insert' | 'update' | 'delete' | 'restore',
    entityId: number,
    snapshots: { before?: unknown; after?: unknown },
  ): number {
    return this.d.audit.change('ledger', userId, meta, action, entityId, snapshots);
  }

  private changed(ids: number[]): void {
    this.d.events.emit('data.changed', { domain: 'ledger', ids });
  }
}

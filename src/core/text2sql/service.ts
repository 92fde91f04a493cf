import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Db } from '../db/connection';
import type { Clock } from '../clock';
import { AuditService, type Actor } from '../audit/service';
import type { EventBus } from '../events';
import type { LedgerService } from '../ledger/service';
import type { LedgerEntry } from '../../shared/contract';
import { PaiError } from '../../shared/errors';
import { checkSql, LEDGER_TABLE } from './guard';
import { checkPlan } from './plan-check';
import { ledgerViewSql, wrapQuery } from './view';
import { ReadOnlyRunner, type QueryResult } from './runner';
import { planSql, type SqlPlan } from './planner';
import {
  applyFields,
  fingerprint,
  normalizeFields,
  sameFields,
  type LedgerRow,
  type UpdateFields,
} from './write-fields';

export type { UpdateFields } from './write-fields';

export interface Text2SqlDeps {
  db: Db;
  /** Path of the SQLite file; the read-only runner opens its own connection to it. */
  dbFile: string;
  clock: Clock;
  audit: AuditService;
  events: EventBus;
  ledger: LedgerService;
  timeZone: () => string;
  currency: () => string;
  categories: () => string[];
  /** The configured chat model, or null when none is configured. */
  chatModel: () => BaseChatModel | null;
  runner?: ReadOnlyRunner;
}

export interface CallCtx {
  userId: number;
  actor: Actor;
  conversationId?: number | null;
  signal?: AbortSignal;
}

export interface QueryRows {
  sql: string;
  columns: string[];
  rows: Record<string, unknown>[];
  row_count: number;
  truncated: boolean;
}

/** Previews older than this cannot be committed: the person should look again. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
export const MAX_WRITE_ROWS = 500;

const tidy = (x: unknown): unknown =>
  typeof x === 'number' && !Number.isInteger(x) ? Number(x.toFixed(6)) : x;

function toObjects(r: QueryResult): Record<string, unknown>[] {
  const names: string[] = [];
  for (const c of r.columns) {
    let n = c;
    for (let i = 2; names.includes(n); i++) n = `${c}_${i}`;
    names.push(n);
  }
  return r.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, tidy(row[i])])));
}

export function refusal(reason: string): PaiError {
  return new PaiError(
    'FORBIDDEN',
    `查询被安全检查拒绝：${reason} (refused by the SQL guard: ${reason})`,
    { reason },
  );
}

/**
 * ledger_text2sql: natural-language questions over the person's ledger (read),
 * and batch changes in two steps — a preview that writes nothing, then a
 * commit over exactly the confirmed ids. Model SQL is only ever run, after the
 * guard, as a SELECT on a separate read-only connection.
 */
export class Text2SqlService {
  readonly runner: ReadOnlyRunner;

  constructor(private readonly d: Text2SqlDeps) {
    this.runner = d.runner ?? new ReadOnlyRunner(d.dbFile);
  }

  private viewFor(userId: number): string {
    const range = this.d.db
      .prepare(
        'SELECT MIN(transaction_at) AS lo, MAX(transaction_at) AS hi FROM ledgers WHERE user_id = ?',
      )
      .get(userId) as { lo: number | null; hi: number | null };
    const currencies = (
      this.d.db.prepare('SELECT DISTINCT currency FROM ledgers WHERE user_id = ?').all(userId) as {
        currency: string;
      }[]
    ).map((r) => r.currency);
    return ledgerViewSql({
      userId,
      zone: this.d.timeZone(),
      range: range.lo !== null && range.hi !== null ? { lo: range.lo, hi: range.hi } : null,
      currencies,
    });
  }

  /** Guard + rewrite + read-only run. Refused queries never reach a connection. */
  async query(userId: number, sql: string, maxRows = this.runner.maxRows): Promise<QueryRows> {
    const verdict = checkSql(sql);
    if (!verdict.allowed) throw refusal(verdict.reason);
    const sqlToRun = wrapQuery(this.viewFor(userId), verdict.sql, maxRows);
    const plan = await this.runner.explain(sqlToRun, LEDGER_TABLE);
    const planProblem = checkPlan(plan.ops, plan.roots);
    if (planProblem) throw refusal(planProblem);
    const result = await this.runner.run(sqlToRun, maxRows);
    const rows = toObjects(result);
    return {
      sql: verdict.sql,
      columns: result.columns,
      rows,
      row_count: rows.length,
      truncated: result.truncated,
    };
  }

  private plan(
    message: string,
    conversationContext: string,
    purpose: 'read' | 'write',
    c: CallCtx,
    operation?: 'update' | 'delete',
  ): Promise<SqlPlan> {
    if (!message.trim())
      throw new PaiError('VALIDATION_FAILED', 'message 不能为空 (message is required)');
    return planSql(
      this.d.chatModel(),
      {
        message,
        conversationContext,
        purpose,
        operation,
        now: this.d.clock.now(),
        zone: this.d.timeZone(),
        currency: this.d.currency(),
        categories: this.d.categories(),
      },
      c.signal,
    );
  }

  /** mode=execute: answer a question with one guarded SELECT. */
  async execute(input: { message: string; conversation_context?: string }, c: CallCtx) {
    const plan = await this.plan(input.message, input.conversation_context ?? '', 'read', c);
    if (plan.intent === 'write') {
      throw new PaiError(
        'VALIDATION_FAILED',
        '这是修改操作：请先用 mode=preview_write 预览，确认后再 commit_write_by_ids。 (This is a change: use mode=preview_write first.)',
      );
    }
    const res = await this.query(c.userId, plan.sql);
    return {
      mode: 'execute' as const,
      question: input.message,
      explanation: plan.explanation,
      time_range: plan.time_range,
      ...res,
    };
  }

  private rowsByIds(userId: number, ids: number[]): LedgerRow[] {
    if (ids.length === 0) return [];
    return this.d.db
      .prepare(
        `SELECT * FROM ledgers WHERE user_id = ? AND id IN (${ids.map(() => '?').join(',')}) ORDER BY transaction_at, id`,
      )
      .all(userId, ...ids) as LedgerRow[];
  }

  /** mode=preview_write: the rows a batch change would touch. Writes no ledger row. */
  async previewWrite(
    input: {
      message: string;
      conversation_context?: string;
      operation: 'update' | 'delete';
      update_fields?: UpdateFields;
      preview_limit?: number;
    },
    c: CallCtx,
  ) {
    const fields =
      input.operation === 'update' ? normalizeFields(input.update_fields, this.d.timeZone()) : {};
    const plan = await this.plan(
      input.message,
      input.conversation_context ?? '',
      'write',
      c,
      input.operation,
    );
    const res = await this.query(c.userId, plan.sql, MAX_WRITE_ROWS);
    if (!res.columns.includes('id'))
      throw refusal('a write plan must select the target rows\u2019 id column');
    if (res.truncated) {
      throw new PaiError(
        'LIMIT_EXCEEDED',
        `一次最多修改 ${MAX_WRITE_ROWS} 条，请缩小范围 (at most ${MAX_WRITE_ROWS} rows per batch; narrow it down)`,
      );
    }
    const ids = [
      ...new Set(res.rows.map((r) => Number(r.id)).filter((n) => Number.isSafeInteger(n) && n > 0)),
    ];
    // The ids came from model SQL: they only pick among the person's own rows here.
    const rows = this.rowsByIds(c.userId, ids);
    const limit = input.preview_limit ?? 50;
    const zone = this.d.timeZone();
    let previewId: number | null = null;
    if (rows.length > 0) {
      const info = this.d.db
        .prepare(
          `INSERT INTO text2sql_previews (user_id, operation, update_fields_json, snapshot_json, message, sql, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          c.userId,
          input.operation,
          JSON.stringify(fields),
          JSON.stringify(rows.map((r) => ({ id: r.id, fp: fingerprint(r) }))),
          input.message,
          res.sql,
          this.d.clock.now(),
        );
      previewId = Number(info.lastInsertRowid);
    }
    const targetIds = rows.map((r) => r.id);
    return {
      mode: 'preview_write' as const,
      operation: input.operation,
      update_fields: fields,
      explanation: plan.explanation,
      sql: res.sql,
      preview_id: previewId,
      total_matched: rows.length,
      expected_count: rows.length,
      target_ids: targetIds,
      preview_rows: rows.slice(0, limit).map((r) => {
        const before = this.d.ledger.toEntry(r);
        return input.operation === 'update'
          ? { ...before, after: this.d.ledger.toEntry(applyFields(r, fields, zone)) }
          : before;
      }),
      truncated: rows.length > limit,
      written: false,
      next_step:
        rows.length === 0
          ? '没有匹配的账单，无需修改。 (No matching entries.)'
          : `确认后调用 ledger_text2sql(mode=commit_write_by_ids, operation=${input.operation}, target_ids, expected_count=${rows.length}${input.operation === 'update' ? ', update_fields' : ''})。 (After the person confirms, commit by these ids.)`,
    };
  }

  /** mode=commit_write_by_ids: writes exactly the confirmed rows, only if they still match the preview. */
  commitWriteByIds(
    input: {
      operation: 'update' | 'delete';
      target_ids: number[];
      expected_count: number;
      update_fields?: UpdateFields;
    },
    c: CallCtx,
  ) {
    const ids = [...new Set(input.target_ids)];
    if (ids.length === 0)
      throw new PaiError('VALIDATION_FAILED', 'target_ids 不能为空 (target_ids is required)');
    if (ids.length > MAX_WRITE_ROWS)
      throw new PaiError('LIMIT_EXCEEDED', `at most ${MAX_WRITE_ROWS} ids`);
    const zone = this.d.timeZone();
    const fields = input.operation === 'update' ? normalizeFields(input.update_fields, zone) : {};
    const now = this.d.clock.now();

    const result = this.d.db.transaction(() => {
      const preview = this.findPreview(c.userId, input.operation, ids, now);
      if (
        input.operation === 'update' &&
        !sameFields(JSON.parse(preview.update_fields_json) as UpdateFields, fields)
      ) {
        throw new PaiError(
          'CONFLICT',
          'update_fields 与预览时不同，请重新预览 (update_fields differ from the preview; preview again)',
        );
      }
      const rows = this.rowsByIds(c.userId, ids);
      if (rows.length !== input.expected_count || rows.length !== ids.length) {
        throw new PaiError(
          'CONFLICT',
          `找到 ${rows.length} 条，预期 ${input.expected_count} 条，未做任何修改 (found ${rows.length} of ${ids.length} ids, expected ${input.expected_count}; nothing was written)`,
          { found: rows.map((r) => r.id), expected_count: input.expected_count },
        );
      }
      const snap = new Map(
        (JSON.parse(preview.snapshot_json) as { id: number; fp: string }[]).map((s) => [
          s.id,
          s.fp,
        ]),
      );
      const changedMeanwhile = rows
        .filter((r) => snap.get(r.id) !== fingerprint(r))
        .map((r) => r.id);
      if (changedMeanwhile.length) {
        throw new PaiError(
          'CONFLICT',
          `账单 #${changedMeanwhile.join(', #')} 在预览后被改动，未做任何修改，请重新预览 (changed since the preview; nothing was written)`,
          { changed: changedMeanwhile },
        );
      }
      const out =
        input.operation === 'update'
          ? this.applyUpdates(rows, fields, now, c)
          : this.applyDeletes(rows, c);
      this.d.db
        .prepare('UPDATE text2sql_previews SET committed_at = ? WHERE id = ?')
        .run(now, preview.id);
      return out;
    })();
    this.d.events.emit('data.changed', { domain: 'ledger', ids });
    return {
      mode: 'commit_write_by_ids' as const,
      operation: input.operation,
      changed_count: ids.length,
      target_ids: ids,
      update_fields: fields,
      ...result,
    };
  }

  private findPreview(userId: number, operation: string, ids: number[], now: number) {
    const candidates = this.d.db
      .prepare(
        `SELECT id, update_fields_json, snapshot_json FROM text2sql_previews
         WHERE user_id = ? AND operation = ? AND committed_at IS NULL AND created_at >= ?
         ORDER BY id DESC LIMIT 20`,
      )
      .all(userId, operation, now - PREVIEW_TTL_MS) as {
      id: number;
      update_fields_json: string;
      snapshot_json: string;
    }[];
    const found = candidates.find((p) => {
      const seen = new Set((JSON.parse(p.snapshot_json) as { id: number }[]).map((s) => s.id));
      return ids.every((id) => seen.has(id));
    });
    if (!found) {
      throw new PaiError(
        'CONFLICT',
        '这些 id 没有对应的有效预览（或已提交/已过期），请先 mode=preview_write 并让用户确认 (no open preview covers these ids; preview first)',
      );
    }
    return found;
  }

  private applyUpdates(
    rows: LedgerRow[],
    fields: UpdateFields,
    now: number,
    c: CallCtx,
  ): { rows: LedgerEntry[] } {
    const zone = this.d.timeZone();
    const stmt = this.d.db.prepare(
      `UPDATE ledgers SET amount_minor = ?, category = ?, item = ?, transaction_at = ?, updated_at = ?
       WHERE id = ? AND user_id = ? AND updated_at = ?`,
    );
    const after: LedgerEntry[] = [];
    for (const r of rows) {
      const next = { ...applyFields(r, fields, zone), updated_at: now };
      const info = stmt.run(
        next.amount_minor,
        next.category,
        next.item,
        next.transaction_at,
        now,
        r.id,
        c.userId,
        r.updated_at,
      );
      if (info.changes !== 1)
        throw new PaiError(
          'CONFLICT',
          `账单 #${r.id} 写入失败，已全部回滚 (entry ${r.id} could not be written; rolled back)`,
        );
      const entry = this.d.ledger.toEntry(next);
      this.d.audit.change('ledger', c.userId, c, 'update', r.id, {
        before: this.d.ledger.toEntry(r),
        after: { ...entry, _via: 'ledger_text2sql' },
      });
      after.push(entry);
    }
    return { rows: after };
  }

  private applyDeletes(
    rows: LedgerRow[],
    c: CallCtx,
  ): { deleted: LedgerEntry[]; undo_tokens: string[] } {
    const del = this.d.db.prepare(
      'DELETE FROM ledgers WHERE id = ? AND user_id = ? AND updated_at = ?',
    );
    const deleted: LedgerEntry[] = [];
    const tokens: string[] = [];
    for (const r of rows) {
      const info = del.run(r.id, c.userId, r.updated_at);
      if (info.changes !== 1)
        throw new PaiError(
          'CONFLICT',
          `账单 #${r.id} 删除失败，已全部回滚 (entry ${r.id} could not be deleted; rolled back)`,
        );
      const entry = this.d.ledger.toEntry(r);
      // Same snapshot shape as LedgerService.delete, so ledger.undoDelete can restore it.
      const auditId = this.d.audit.change('ledger', c.userId, c, 'delete', r.id, {
        before: { ...entry, _row: r },
      });
      tokens.push(AuditService.undoToken('ledger', auditId));
      deleted.push(entry);
    }
    return { deleted, undo_tokens: tokens };
  }

  close(): void {
    this.runner.close();
  }
}

import type { LedgerEntry, LedgerListInput } from '../../shared/contract';
import type { Statements } from '../db/statements';
import { parseEndBound, parseLocalDateTime } from '../time';
import { toEntry, type LedgerRow } from './rows';

export type LedgerFilter = Omit<LedgerListInput, 'limit' | 'offset' | 'order'>;

interface Where {
  sql: string;
  params: unknown[];
  start: number | null;
  end: number | null;
}

/** WHERE clause of a filter; a date-only end_at covers that whole local day (half-open interval). */
export function where(userId: number, f: LedgerFilter, zone: string): Where {
  const parts = ['user_id = ?'];
  const params: unknown[] = [userId];
  const start = parseLocalDateTime(f.start_at, zone, 'start_at');
  const end = parseEndBound(f.end_at, zone, 'end_at');
  if (start !== null) {
    parts.push('transaction_at >= ?');
    params.push(start);
  }
  if (end !== null) {
    parts.push('transaction_at < ?');
    params.push(end);
  }
  if (f.category) {
    parts.push('category = ?');
    params.push(f.category);
  }
  if (f.item_like) {
    parts.push("item LIKE ? ESCAPE '\\'");
    params.push(`%${f.item_like.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.ledger_ids && f.ledger_ids.length > 0) {
    parts.push(`id IN (${f.ledger_ids.map(() => '?').join(',')})`);
    params.push(...f.ledger_ids);
  }
  return { sql: parts.join(' AND '), params, start, end };
}

export function list(
  st: Statements,
  userId: number,
  f: LedgerListInput,
  zone: string,
): { entries: LedgerEntry[]; total: number } {
  const w = where(userId, f, zone);
  const order = f.order === 'asc' ? 'ASC' : 'DESC';
  // ORDER BY (transaction_at, id) walks ledgers_user_time_id and stops at the limit.
  const rows = st
    .get(
      `SELECT * FROM ledgers WHERE ${w.sql} ORDER BY transaction_at ${order}, id ${order} LIMIT ? OFFSET ?`,
    )
    .all(...w.params, f.limit ?? 100, f.offset ?? 0) as LedgerRow[];
  const total = (
    st.get(`SELECT COUNT(*) AS n FROM ledgers WHERE ${w.sql}`).get(...w.params) as { n: number }
  ).n;
  return { entries: rows.map((r) => toEntry(r, zone)), total };
}

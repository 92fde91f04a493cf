import Papa from 'papaparse';
import type { Db } from '../db/connection';
import type { LedgerService } from '../ledger/service';
import type { Actor } from '../audit/service';
import type { CsvMapping, CsvPreview, CsvRow } from '../../shared/contract';
import { PaiError } from '../../shared/errors';
import { toMinor } from '../money';
import { parseLocalDateTime, toLocalIso } from '../time';

export const DEFAULT_CATEGORY = '其他';
export const DEFAULT_ITEM = '消费';

type Field = keyof CsvMapping;

// Header words people's files use for each field (bank exports, other apps, our own export).
const HEADER_WORDS: Record<Field, RegExp> = {
  transaction_date:
    /^(transaction_date|date|time|datetime|日期|时间|交易时间|交易日期|记账时间|消费时间)$/i,
  amount: /^(amount|金额|金额\(元\)|金额（元）|价格|支出|花费|price|cost|sum|value)$/i,
  item: /^(item|description|desc|note|memo|备注|项目|说明|商品|名称|内容|payee|商户)$/i,
  category: /^(category|分类|类别|类型|type)$/i,
  currency: /^(currency|币种|货币)$/i,
};
const FIELDS: Field[] = ['transaction_date', 'amount', 'item', 'category', 'currency'];

export interface CsvInput {
  csv: string;
  mapping?: CsvMapping;
  has_header?: boolean;
}

export interface ImportContext {
  db: Db;
  actor: Actor;
  userId: number;
  timeZone: string;
  currency: string;
}

interface Table {
  rows: string[][];
  hasHeader: boolean;
  headers: string[];
  /** 1-based line number of the first data row */
  firstLine: number;
}

/** Reads CSV text; quoting errors are reported with their row, an empty file is refused. */
export function readCsv(text: string, hasHeader?: boolean): Table {
  const body = text.replace(/^\uFEFF/, '');
  const res = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' });
  const errors = res.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  if (errors.length > 0) {
    const e = errors[0]!;
    throw new PaiError(
      'VALIDATION_FAILED',
      `CSV 格式有误，第 ${(e.row ?? 0) + 1} 行：${e.message} (the CSV is malformed at row ${(e.row ?? 0) + 1}: ${e.message})`,
    );
  }
  const rows = res.data.map((r) => r.map((c) => c.trim()));
  if (rows.length === 0) throw new PaiError('VALIDATION_FAILED', 'CSV 是空的 (the CSV is empty)');
  const header = hasHeader ?? detectHeader(rows);
  const width = Math.max(...rows.map((r) => r.length));
  const headers = header ? rows[0]! : Array.from({ length: width }, (_v, i) => `#${i + 1}`);
  return {
    rows: header ? rows.slice(1) : rows,
    hasHeader: header,
    headers,
    firstLine: header ? 2 : 1,
  };
}

function detectHeader(rows: string[][]): boolean {
  const first = rows[0]!;
  if (first.some((c) => FIELDS.some((f) => HEADER_WORDS[f].test(c)))) return true;
  // No known words: a first row with no number under a second row that has one is a header.
  const hasNumber = (r: string[] | undefined) => !!r && r.some((c) => parseAmount(c) !== null);
  return rows.length > 1 && !hasNumber(first) && hasNumber(rows[1]);
}

function suggestMapping(t: Table, zone: string): CsvMapping | null {
  const found: Partial<Record<Field, number>> = {};
  if (t.hasHeader) {
    for (const f of FIELDS) {
      const i = t.headers.findIndex((h) => HEADER_WORDS[f].test(h));
      if (i >= 0) found[f] = i;
    }
  }
  const sample = t.rows[0] ?? [];
  if (found.transaction_date === undefined) {
    const i = sample.findIndex((c) => readDate(c, zone) !== null);
    if (i >= 0) found.transaction_date = i;
  }
  if (found.amount === undefined) {
    const i = sample.findIndex(
      (c, idx) => idx !== found.transaction_date && parseAmount(c) !== null,
    );
    if (i >= 0) found.amount = i;
  }
  if (found.transaction_date === undefined || found.amount === undefined) return null;
  return { ...found, transaction_date: found.transaction_date, amount: found.amount };
}

function resolveMapping(m: CsvMapping, t: Table): Partial<Record<Field, number>> {
  const out: Partial<Record<Field, number>> = {};
  for (const f of FIELDS) {
    const col = m[f];
    if (col === undefined) continue;
    let idx: number;
    if (typeof col === 'number') idx = col;
    else {
      idx = t.headers.findIndex((h) => h.toLowerCase() === col.toLowerCase());
      if (idx < 0)
        throw new PaiError('VALIDATION_FAILED', `CSV 里没有列“${col}” (no column named "${col}")`);
    }
    if (idx >= t.headers.length)
      throw new PaiError(
        'VALIDATION_FAILED',
        `CSV 只有 ${t.headers.length} 列 (column ${idx} does not exist)`,
      );
    out[f] = idx;
  }
  return out;
}

/** "¥1,234.50", "-12", "(12.50)", "36.5元" → number; null if not money. */
export function parseAmount(text: string): number | null {
  let t = text.replace(/^'(?=[=+\-@])/, '').replace(/[\s,¥￥$€£]|元|CNY|RMB|USD/gi, '');
  let sign = 1;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) {
    sign = -1;
    t = paren[1]!;
  }
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t) * sign;
  return Number.isFinite(n) ? n : null;
}

function readDate(text: string, zone: string): number | null {
  const t = text
    .trim()
    .replace(/^(\d{4})年(\d{1,2})月(\d{1,2})日?/, '$1-$2-$3')
    .replace(/^(\d{4})\.(\d{1,2})\.(\d{1,2})/, '$1-$2-$3');
  if (!/^\d{4}[-/]\d{1,2}[-/]\d{1,2}/.test(t)) return null;
  try {
    return parseLocalDateTime(t, zone, 'transaction_date');
  } catch {
    return null;
  }
}

function unescapeFormula(text: string): string {
  return text.replace(/^'(?=[=+\-@\t\r])/, '');
}

interface Planned extends CsvRow {
  create?: { amount: number; currency: string; category: string; item: string; at: number };
}

function planRows(
  t: Table,
  mapping: Partial<Record<Field, number>>,
  ctx: ImportContext,
): Planned[] {
  const dup = ctx.db.prepare(
    'SELECT 1 FROM ledgers WHERE user_id = ? AND transaction_at = ? AND amount_minor = ? AND currency = ? AND item = ? LIMIT 1',
  );
  return t.rows.map((cells, i) => {
    const line = t.firstLine + i;
    const cell = (f: Field) =>
      mapping[f] === undefined ? '' : unescapeFormula(cells[mapping[f]!] ?? '');
    const problems: string[] = [];
    const at = readDate(cell('transaction_date'), ctx.timeZone);
    if (at === null) problems.push(`日期无法解析 (cannot read date "${cell('transaction_date')}")`);
    const amount = parseAmount(cell('amount'));
    if (amount === null) problems.push(`金额无法解析 (cannot read amount "${cell('amount')}")`);
    else if (amount === 0 || Math.abs(amount) >= 1e12)
      problems.push(`金额不合理 (amount ${amount} is out of range)`);
    const currency = (cell('currency') || ctx.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) problems.push(`币种无效 (invalid currency "${currency}")`);
    const category = cell('category') || DEFAULT_CATEGORY;
    const item = cell('item') || DEFAULT_ITEM;
    if (category.length > 64) problems.push('分类太长 (category longer than 64 characters)');
    if (item.length > 200) problems.push('项目太长 (item longer than 200 characters)');
    if (problems.length > 0 || at === null || amount === null) {
      return { line, cells, error: problems.join('; '), duplicate: false };
    }
    const duplicate = !!dup.get(ctx.userId, at, toMinor(amount, currency), currency, item);
    return {
      line,
      cells,
      duplicate,
      entry: { amount, currency, category, item, transaction_date: toLocalIso(at, ctx.timeZone) },
      create: { amount, currency, category, item, at },
    };
  });
}

function totals(rows: Planned[]): CsvPreview['totals'] {
  return {
    rows: rows.length,
    valid: rows.filter((r) => !r.error).length,
    invalid: rows.filter((r) => !!r.error).length,
    duplicates: rows.filter((r) => r.duplicate).length,
  };
}

/** What an import would do: header, mapping (given or suggested), the first rows and their entries, totals. */
export function previewCsv(input: CsvInput & { limit?: number }, ctx: ImportContext): CsvPreview {
  const t = readCsv(input.csv, input.has_header);
  const mapping = input.mapping ?? suggestMapping(t, ctx.timeZone);
  if (!mapping) {
    return {
      has_header: t.hasHeader,
      headers: t.headers,
      mapping: null,
      rows: t.rows.slice(0, input.limit ?? 20).map((cells, i) => ({
        line: t.firstLine + i,
        cells,
        error: '请选择日期列和金额列 (choose the date and amount columns)',
        duplicate: false,
      })),
      totals: { rows: t.rows.length, valid: 0, invalid: t.rows.length, duplicates: 0 },
    };
  }
  const planned = planRows(t, resolveMapping(mapping, t), ctx);
  return {
    has_header: t.hasHeader,
    headers: t.headers,
    mapping,
    rows: planned.slice(0, input.limit ?? 20).map(({ create: _c, ...r }) => r),
    totals: totals(planned),
  };
}

/**
 * Books every row through the ledger in one transaction. Any row that cannot
 * be read refuses the whole file (nothing written) with the lines at fault;
 * rows matching an existing entry (time, amount, item) are skipped unless told otherwise.
 */
export function importCsv(
  input: CsvInput & { mapping: CsvMapping; skip_duplicates?: boolean },
  ctx: ImportContext & { ledger: LedgerService },
): { created: number; skipped_duplicates: number; ids: number[] } {
  const t = readCsv(input.csv, input.has_header);
  const planned = planRows(t, resolveMapping(input.mapping, t), ctx);
  const bad = planned.filter((r) => r.error);
  if (bad.length > 0) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `${bad.length} 行无法导入，什么都没有写入 (${bad.length} rows cannot be imported; nothing was written): ` +
        bad
          .slice(0, 5)
          .map((r) => `line ${r.line}: ${r.error}`)
          .join(' | '),
      { rows: bad.slice(0, 50).map((r) => ({ line: r.line, error: r.error })) },
    );
  }
  const skip = input.skip_duplicates !== false;
  const ids: number[] = [];
  let skipped = 0;
  ctx.db.transaction(() => {
    for (const r of planned) {
      if (skip && r.duplicate) {
        skipped++;
        continue;
      }
      const c = r.create!;
      const entry = ctx.ledger.create(
        ctx.userId,
        {
          amount: c.amount,
          currency: c.currency,
          category: c.category,
          item: c.item,
          transaction_date: toLocalIso(c.at, ctx.timeZone),
        },
        { actor: ctx.actor, platform: 'import' },
      );
      ids.push(entry.id);
    }
  })();
  return { created: ids.length, skipped_duplicates: skipped, ids };
}

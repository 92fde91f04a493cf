import { DateTime } from 'luxon';
import { exponent } from '../money';

/**
 * What the model is told the `ledgers` table looks like. The real table stores
 * integer minor units and UTC epoch ms for every person; the model sees one
 * person's rows with decimal amounts and local wall-time text.
 */
export const LEDGER_VIEW_DOC = `ledgers(
  id INTEGER,              -- entry id
  amount REAL,             -- decimal amount, e.g. 32.5 (major units of currency)
  currency TEXT,           -- ISO code, e.g. CNY
  category TEXT,           -- e.g. 餐饮, 交通, 购物, 日用, 娱乐, 居住, 医疗, 教育, 其他
  item TEXT,               -- what it was for, often the merchant, e.g. 午饭, 瑞幸咖啡
  transaction_date TEXT,   -- LOCAL wall time 'YYYY-MM-DD HH:MM:SS' in the person's time zone
  image_url TEXT           -- receipt image reference or ''
)`;

export interface OffsetSegment {
  /** Segment starts at this UTC instant (ms); the first one starts at -infinity. */
  from: number;
  offsetSeconds: number;
}

const DAY = 86_400_000;

/**
 * The zone's UTC offsets over [lo, hi], as segments split at each transition
 * (DST). Daily samples find a change; a binary search pins it to the millisecond.
 */
export function offsetSegments(zone: string, lo: number, hi: number): OffsetSegment[] {
  const off = (ms: number) => DateTime.fromMillis(ms, { zone }).offset * 60;
  const segs: OffsetSegment[] = [{ from: Number.NEGATIVE_INFINITY, offsetSeconds: off(lo) }];
  let prevT = lo;
  let prevO = off(lo);
  for (let t = lo + DAY; ; t += DAY) {
    const at = Math.min(t, hi);
    const o = off(at);
    if (o !== prevO) {
      let a = prevT;
      let b = at;
      while (b - a > 1) {
        const m = Math.floor((a + b) / 2);
        if (off(m) === prevO) a = m;
        else b = m;
      }
      segs.push({ from: b, offsetSeconds: o });
      prevO = o;
    }
    prevT = at;
    if (at >= hi) break;
  }
  return segs;
}

function offsetExpr(segs: OffsetSegment[]): string {
  if (segs.length === 1) return String(segs[0].offsetSeconds);
  const whens = segs
    .slice(1)
    .map((s, i) => `WHEN transaction_at < ${Math.trunc(s.from)} THEN ${segs[i].offsetSeconds}`)
    .join(' ');
  return `(CASE ${whens} ELSE ${segs[segs.length - 1].offsetSeconds} END)`;
}

function divisorExpr(currencies: string[]): string {
  const odd = [...new Set(currencies)].filter((c) => /^[A-Z]{3}$/.test(c) && exponent(c) !== 2);
  if (odd.length === 0) return '100.0';
  return `(CASE currency ${odd.map((c) => `WHEN '${c}' THEN ${10 ** exponent(c)}.0`).join(' ')} ELSE 100.0 END)`;
}

export interface ViewInput {
  userId: number;
  zone: string;
  /** Range of the person's transaction_at values (ms), for the DST segments. */
  range: { lo: number; hi: number } | null;
  currencies: string[];
}

/**
 * The body of the `ledgers` CTE that replaces the real table for the model's
 * query: the person's rows only (user id from the runtime, never from the
 * model), decimal amounts, local time text. Only integers and validated codes
 * are inlined, so the text has no injection surface.
 */
export function ledgerViewSql(v: ViewInput): string {
  if (!Number.isSafeInteger(v.userId) || v.userId < 1) throw new Error('invalid user id');
  const segs = v.range
    ? offsetSegments(v.zone, v.range.lo, v.range.hi)
    : offsetSegments(v.zone, Date.now(), Date.now());
  return `SELECT id, amount_minor / ${divisorExpr(v.currencies)} AS amount, currency, category, item,
    strftime('%Y-%m-%d %H:%M:%S', transaction_at / 1000 + ${offsetExpr(segs)}, 'unixepoch') AS transaction_date,
    image_url
  FROM main.ledgers WHERE user_id = ${v.userId}`;
}

/** The statement the read-only runner executes: the view, then the checked query, capped. */
export function wrapQuery(viewSql: string, checkedSql: string, maxRows: number): string {
  // Newlines keep a trailing line comment in the checked text from swallowing the wrapper.
  return `WITH ledgers AS (\n${viewSql}\n)\nSELECT * FROM (\n${checkedSql}\n) LIMIT ${Math.trunc(maxRows) + 1}`;
}

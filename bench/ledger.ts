// Ledger at 100k rows: insert throughput through LedgerService in one
// transaction, list by a one-month range, month and year summaries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { createApp } from '../src/core/app';
import { figure, timeRuns } from './figure';

const ROWS = 100_000;
const ZONE = 'Asia/Shanghai';
const CATEGORIES = ['餐饮', '交通', '购物', '日用', '娱乐', '居住', '医疗', '教育', '其他'];
// Three years of entries, ~2,800 a month.
const FROM = DateTime.fromISO('2024-01-01T00:00', { zone: ZONE });
const TO = DateTime.fromISO('2027-01-01T00:00', { zone: ZONE });

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pai-bench-ledger-'));
  const app = createApp({ dataDir: dir, timeZone: ZONE, env: {} });
  try {
    const ledger = app.services.ledger;
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const span = TO.toMillis() - FROM.toMillis();
    const inputs = Array.from({ length: ROWS }, (_, i) => ({
      amount: Math.round(rand() * 50_000) / 100,
      category: CATEGORIES[i % CATEGORIES.length]!,
      item: `item ${i}`,
      transaction_date: DateTime.fromMillis(FROM.toMillis() + Math.floor(rand() * span), {
        zone: ZONE,
      }).toISO()!,
    }));

    const t0 = performance.now();
    app.ctx.db.transaction(() => {
      for (const input of inputs) ledger.create(1, input, { actor: 'system' });
    })();
    const insertMs = performance.now() - t0;
    app.ctx.db.exec('ANALYZE');

    const months = Array.from({ length: 36 }, (_, i) => FROM.plus({ months: i }));
    const monthRange = (i: number) => {
      const m = months[i % months.length]!;
      return { start_at: m.toISODate()!, end_at: m.endOf('month').toISODate()! };
    };
    const list = timeRuns(500, (i) => {
      const r = ledger.list(1, { ...monthRange(i * 7), limit: 100 });
      if (r.entries.length !== 100) throw new Error('expected a full page');
    });
    const month = timeRuns(300, (i) => ledger.summary(1, monthRange(i * 5)));
    const year = timeRuns(100, (i) => {
      const y = 2024 + (i % 3);
      ledger.summary(1, { start_at: `${y}-01-01`, end_at: `${y}-12-31` });
    });
    return {
      rows: ROWS,
      insert_rows_per_s: figure(ROWS / (insertMs / 1000), 'rows/s'),
      insert_total: figure(insertMs, 'ms'),
      list_month_limit100_p50: figure(list.p50, 'ms', { max: 2 }),
      list_month_limit100_p95: figure(list.p95, 'ms', { max: 2 }),
      list_month_limit100_cpu_mean: figure(list.cpu_mean, 'ms'),
      summary_month_p50: figure(month.p50, 'ms', { max: 10 }),
      summary_month_p95: figure(month.p95, 'ms', { max: 10 }),
      summary_month_cpu_mean: figure(month.cpu_mean, 'ms'),
      summary_year_p50: figure(year.p50, 'ms', { max: 10 }),
      summary_year_p95: figure(year.p95, 'ms', { max: 10 }),
      summary_year_cpu_mean: figure(year.cpu_mean, 'ms'),
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp, type Seeded } from '../../../tests/helpers/ledger-seed';
import { checkPlan } from './plan-check';
import { LEDGER_TABLE } from './guard';
import { ledgerViewSql, wrapQuery } from './view';

// The plan check runs on SQLite's EXPLAIN output, so it holds even if the
// parser and SQLite ever read a text differently. Here the guard is bypassed
// on purpose: raw statements go straight to EXPLAIN.
describe('plan check (SQLite EXPLAIN)', () => {
  let s: Seeded;
  const verdict = async (sql: string) => {
    const plan = await s.app.services.text2sql.runner.explain(sql, LEDGER_TABLE);
    return checkPlan(plan.ops, plan.roots);
  };
  const view = () =>
    ledgerViewSql({ userId: 1, zone: 'Asia/Shanghai', range: null, currencies: ['CNY'] });
  beforeAll(() => {
    s = seededApp();
  });
  afterAll(async () => {
    await s.cleanup();
  });

  it('passes the wrapped view with sums, windows, LIKE and dates', async () => {
    const sql = wrapQuery(
      view(),
      "SELECT category, SUM(amount) AS t, ROW_NUMBER() OVER (PARTITION BY 1 ORDER BY category) AS r, MAX(strftime('%m', transaction_date)) AS m FROM ledgers WHERE item LIKE '%咖啡%' GROUP BY category",
      10,
    );
    expect(await verdict(sql)).toBeNull();
  });

  it.each([
    ['another table', 'SELECT * FROM users', /other than ledgers/],
    ['the schema table', 'SELECT * FROM sqlite_schema', /other than ledgers/],
    [
      'another table via the view wrapper',
      wrapQuery(view(), 'SELECT id FROM ledgers UNION SELECT id FROM main.audit_log', 10),
      /other than ledgers/,
    ],
    ['a table-valued function', "SELECT * FROM json_each('[1,2]')", /VOpen|VFilter/],
    ['a pragma function', "SELECT * FROM pragma_table_info('ledgers')", /^the plan uses V/],
    ['a non-allow-listed function', 'SELECT sqlite_version() FROM main.ledgers', /sqlite_version/],
    ['randomblob', 'SELECT randomblob(10) FROM main.ledgers', /randomblob/],
    ['the temp schema', 'SELECT * FROM temp.sqlite_master', /other than ledgers|another database/],
  ])('refuses %s', async (_name, sql, reason) => {
    expect(await verdict(sql)).toMatch(reason);
  });
});

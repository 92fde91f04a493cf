import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqlCheck } from './sql-check';

describe('pai sql-check', () => {
  afterEach(() => vi.restoreAllMocks());
  const run = async (args: string[]) => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
      out += String(s);
      return true;
    });
    const code = await sqlCheck.run(args);
    return { code, out };
  };

  it('prints {allowed, reason} as JSON and exits 0 for an allowed query', async () => {
    const r = await run([
      "SELECT category, SUM(amount) FROM ledgers WHERE transaction_date >= '2026-04-01' GROUP BY category",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ allowed: true, reason: 'ok' });
  });

  it('explains a refusal and exits 1', async () => {
    const r = await run(['SELECT * FROM ledgers; DROP TABLE ledgers']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      allowed: false,
      reason: 'exactly one statement is allowed',
    });
    const p = await run(["SELECT * FROM pragma_table_info('ledgers')"]);
    expect(JSON.parse(p.out).reason).toBe(
      'table-valued function pragma_table_info() is not allowed',
    );
  });
});

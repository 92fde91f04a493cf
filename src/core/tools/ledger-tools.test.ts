import { afterEach, describe, expect, it } from 'vitest';
import {
  addUser,
  dumpTables,
  openTestApp,
  toolCtx,
  type TestApp,
} from '../../../tests/support/temp-app';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});
const exec = (name: string, args: unknown, over = {}) =>
  t.app.ctx.tools.execute(name, args, toolCtx(over));

interface UsageRow {
  tool_source: string;
  tool_name: string;
  success: number;
  latency_ms: number;
  error: string | null;
  user_id: number;
  conversation_id: number | null;
}
const usage = () => t.db.prepare('SELECT * FROM tool_usage ORDER BY id').all() as UsageRow[];

describe('ledger tools (reference 000 shapes)', () => {
  it('ledger_insert returns exactly the reference payload keys with the local offset', async () => {
    t = openTestApp({ timeZone: 'Asia/Shanghai' });
    const r = await exec('ledger_insert', {
      amount: 32,
      category: '餐饮',
      item: '午饭',
      transaction_date: '2026-04-06 12:30',
      image_url: '',
    });
    expect(r.ok).toBe(true);
    expect(Object.keys(r.output_data as object)).toEqual([
      'id',
      'user_id',
      'amount',
      'currency',
      'category',
      'item',
      'image_url',
      'transaction_date',
    ]);
    expect(r.output_data).toEqual({
      id: 1,
      user_id: 1,
      amount: 32,
      currency: 'CNY',
      category: '餐饮',
      item: '午饭',
      image_url: '',
      transaction_date: '2026-04-06T12:30:00+08:00',
    });
    expect(JSON.parse(r.output)).toEqual(r.output_data);
    expect(typeof r.latency_ms).toBe('number');
  });

  it('ledger_insert applies defaults: empty category/item, no date → the fake clock', async () => {
    t = openTestApp({ timeZone: 'America/New_York' });
    t.clock.set(Date.parse('2026-07-04T16:00:00Z'));
    const r = await exec('ledger_insert', { amount: '18.5', category: '', item: ' ' });
    expect(r.output_data).toMatchObject({
      amount: 18.5,
      category: '其他',
      item: '消费',
      transaction_date: '2026-07-04T12:00:00-04:00',
    });
  });

  it('ledger_get_latest returns {} when empty, then the newest entry', async () => {
    t = openTestApp();
    const empty = await exec('ledger_get_latest', {});
    expect(empty).toMatchObject({ ok: true, output: '{}', output_data: {} });
    await exec('ledger_insert', { amount: 1, category: 'a', item: 'x' });
    await exec('ledger_insert', { amount: 2, category: 'b', item: 'y' });
    expect((await exec('ledger_get_latest', {})).output_data).toMatchObject({
      amount: 2,
      item: 'y',
    });
  });

  it('ledger_list_recent and ledger_list return arrays; date-only end_at includes 23:30 that day', async () => {
    t = openTestApp({ timeZone: 'Asia/Shanghai' });
    await exec('ledger_insert', {
      amount: 10,
      category: '餐饮',
      item: '咖啡',
      transaction_date: '2026-04-30 23:30',
    });
    await exec('ledger_insert', {
      amount: 20,
      category: '餐饮',
      item: '早饭',
      transaction_date: '2026-05-01 07:00',
    });
    await exec('ledger_insert', {
      amount: 30,
      category: '交通',
      item: '咖啡色出租车',
      transaction_date: '2026-04-10 09:00',
    });
    const recent = await exec('ledger_list_recent', { limit: 2 });
    expect((recent.output_data as { item: string }[]).map((e) => e.item)).toEqual([
      '咖啡色出租车',
      '早饭',
    ]);
    const list = await exec('ledger_list', {
      limit: 100,
      start_at: '2026-04-01',
      end_at: '2026-04-30',
      category: '餐饮',
      item_like: '咖啡',
      order: 'desc',
      ledger_ids: [],
    });
    expect(list.ok).toBe(true);
    expect(list.output_data).toEqual([
      expect.objectContaining({ item: '咖啡', transaction_date: '2026-04-30T23:30:00+08:00' }),
    ]);
    const byIds = await exec('ledger_list', { ledger_ids: ['3', 1], order: 'asc' });
    expect((byIds.output_data as { id: number }[]).map((e) => e.id)).toEqual([3, 1]);
  });

  it('ledger_update changes only the given fields; blank strings mean "not given"', async () => {
    t = openTestApp({ timeZone: 'Asia/Shanghai' });
    const ins = await exec('ledger_insert', {
      amount: 32,
      category: '餐饮',
      item: '午饭',
      transaction_date: '2026-04-06 12:30',
    });
    const r = await exec('ledger_update', { ledger_id: 1, amount: 35.5, category: '', item: '' });
    expect(r.ok).toBe(true);
    expect(r.output_data).toEqual({ ...(ins.output_data as object), amount: 35.5 });
  });

  it('ledger_delete returns the snapshot; the service undo restores the same id', async () => {
    t = openTestApp();
    const ins = await exec('ledger_insert', { amount: 9.9, category: '购物', item: '笔' });
    const del = await exec('ledger_delete', { ledger_id: 1 });
    expect(del).toMatchObject({ ok: true, output_data: ins.output_data });
    expect((await exec('ledger_get_latest', {})).output_data).toEqual({});
    const audit = t.app.ctx.audit.list('ledger', 1)[0]!;
    expect(audit.action).toBe('delete');
    expect(
      t.app.services.ledger.undoDelete(1, `ledger-delete:${audit.id}`, { actor: 'user' }),
    ).toEqual(ins.output_data);
  });
});

describe('ledger tools: bad input leaves the data unchanged', () => {
  const cases: [string, string, unknown, string][] = [
    [
      'amount "abc"',
      'ledger_insert',
      { amount: 'abc', category: '餐饮', item: 'x' },
      'VALIDATION_FAILED',
    ],
    ['missing amount', 'ledger_insert', { category: '餐饮', item: 'x' }, 'VALIDATION_FAILED'],
    [
      'huge amount',
      'ledger_insert',
      { amount: 1e300, category: '餐饮', item: 'x' },
      'VALIDATION_FAILED',
    ],
    [
      'bad date',
      'ledger_insert',
      { amount: 1, category: '餐饮', item: 'x', transaction_date: '下周三左右' },
      'VALIDATION_FAILED',
    ],
    ['update unknown id', 'ledger_update', { ledger_id: 4242, amount: 1 }, 'NOT_FOUND'],
    ['update another user’s id', 'ledger_update', { ledger_id: 2, amount: 1 }, 'NOT_FOUND'],
    ['update amount "abc"', 'ledger_update', { ledger_id: 1, amount: 'abc' }, 'VALIDATION_FAILED'],
    ['delete another user’s id', 'ledger_delete', { ledger_id: 2 }, 'NOT_FOUND'],
    ['delete id "x"', 'ledger_delete', { ledger_id: 'x' }, 'VALIDATION_FAILED'],
    ['list limit 0', 'ledger_list', { limit: 0 }, 'VALIDATION_FAILED'],
    ['list bad order', 'ledger_list', { order: 'sideways' }, 'VALIDATION_FAILED'],
    ['unknown tool', 'ledger_nuke', {}, 'UNKNOWN_TOOL'],
    ['args not an object', 'ledger_insert', [1, 2], 'VALIDATION_FAILED'],
  ];
  it.each(cases)('%s → %s', async (_label, name, args, code) => {
    t = openTestApp();
    await exec('ledger_insert', { amount: 5, category: '餐饮', item: 'mine' });
    const other = addUser(t.db);
    t.app.services.ledger.create(other, { amount: 7, item: 'theirs' }, { actor: 'user' });
    const before = dumpTables(t.db);
    const r = await exec(name, args);
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe(code);
    expect(r.output).toBe(r.error?.message);
    expect(r.output.length).toBeGreaterThan(5);
    const after = dumpTables(t.db);
    // Only the usage log grows.
    expect({ ...after, tool_usage: [] }).toEqual({ ...before, tool_usage: [] });
    expect(after.tool_usage!.length).toBe(before.tool_usage!.length + 1);
  });

  it('says clearly what was wrong with amount "abc"', async () => {
    t = openTestApp();
    const r = await exec('ledger_insert', { amount: 'abc', category: '', item: '' });
    expect(r.output).toMatch(/amount: must be a number \(应为数字\)/);
  });
});

describe('tool executor bookkeeping', () => {
  it('records usage rows with latency, success and error text', async () => {
    t = openTestApp();
    await exec('ledger_insert', { amount: 1, category: 'a', item: 'b' }, { conversationId: 12 });
    await exec('ledger_update', { ledger_id: 99, amount: 1 });
    const rows = usage();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tool_source: 'builtin',
      tool_name: 'ledger_insert',
      success: 1,
      error: null,
      user_id: 1,
      conversation_id: 12,
    });
    expect(rows[1]).toMatchObject({
      tool_name: 'ledger_update',
      success: 0,
      error: expect.stringMatching(/^NOT_FOUND: /),
    });
    for (const r of rows) expect(r.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('audits tool writes with the agent as actor and the conversation', async () => {
    t = openTestApp();
    await exec('ledger_insert', { amount: 1, category: 'a', item: 'b' }, { conversationId: 3 });
    await exec('ledger_update', { ledger_id: 1, item: 'c' }, { conversationId: 3 });
    await exec('ledger_delete', { ledger_id: 1 }, { conversationId: 3 });
    const log = t.app.ctx.audit.list('ledger', 1).reverse();
    expect(log.map((r) => [r.action, r.actor, r.conversation_id])).toEqual([
      ['insert', 'agent', 3],
      ['update', 'agent', 3],
      ['delete', 'agent', 3],
    ]);
    expect(log[1]).toMatchObject({ before: { item: 'b' }, after: { item: 'c' } });
  });

  it('refuses a disabled tool with TOOL_DISABLED and does not run it', async () => {
    t = openTestApp();
    t.app.ctx.tools.setSetting('builtin', 'ledger_insert', { enabled: false });
    const r = await exec('ledger_insert', { amount: 1, category: 'a', item: 'b' });
    expect(r.error?.code).toBe('TOOL_DISABLED');
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM ledgers').get()).toEqual({ n: 0 });
  });

  it('registering a tool name twice throws', () => {
    t = openTestApp();
    const def = t.app.ctx.tools.get('ledger_insert')!;
    expect(() => t.app.ctx.tools.register(def)).toThrow(/Duplicate tool: ledger_insert/);
  });

  it('registers the six ledger tools of reference 000 for main_agent with their risks', () => {
    t = openTestApp();
    // ledger_text2sql is the text2sql family's (tested in text2sql-tools.test.ts).
    const defs = t.app.ctx.tools
      .list()
      .filter((d) => d.name.startsWith('ledger_') && d.name !== 'ledger_text2sql');
    expect(Object.fromEntries(defs.map((d) => [d.name, [d.risk, d.mainAgent]]))).toEqual({
      ledger_insert: ['write', true],
      ledger_update: ['write', true],
      ledger_delete: ['destructive', true],
      ledger_get_latest: ['read', true],
      ledger_list_recent: ['read', true],
      ledger_list: ['read', true],
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  own,
  seededApp,
  SEED,
  type Seeded,
  type SeedRow,
} from '../../../tests/helpers/ledger-seed';
import { ScriptedChatModel, type Script } from '../../../tests/helpers/scripted-chat-model';
import { toolCtx } from '../../../tests/support/temp-app';

// Plans are test inputs standing in for what a model might answer; the planner never sees them.
const PLAN_FOOD_THIS_MONTH = {
  intent: 'read',
  sql: "SELECT SUM(amount) AS total FROM ledgers WHERE category = '餐饮' AND transaction_date >= '2026-04-01' AND transaction_date < '2026-05-01'",
  explanation: '本月餐饮合计',
  time_range: { start: '2026-04-01', end: '2026-05-01' },
};
const PLAN_LAST_WEEK_TRANSPORT = {
  intent: 'write',
  sql: "SELECT id FROM ledgers WHERE category = '交通' AND transaction_date >= '2026-04-06' AND transaction_date < '2026-04-13'",
  explanation: '上周的交通账单',
  time_range: { start: '2026-04-06', end: '2026-04-13' },
};

const lastWeekTransport = (r: SeedRow) =>
  r.user === 1 && r.category === '交通' && r.at >= '2026-04-06' && r.at < '2026-04-13';

describe('ledger_text2sql tool', () => {
  let s: Seeded;
  let model: ScriptedChatModel;
  let plan: Record<string, unknown>;
  const useModel = (script: Script) => {
    model = new ScriptedChatModel(script);
    s.app.ctx.models = { chat: () => model, vision: () => null, embeddings: () => null };
  };
  const exec = (args: Record<string, unknown>) =>
    s.app.ctx.tools.execute('ledger_text2sql', args, toolCtx({ conversationId: 7 }));
  const categories = () =>
    s.app.ctx.db.prepare('SELECT id, category, updated_at FROM ledgers ORDER BY id').all() as {
      id: number;
      category: string;
    }[];
  const idsWhere = (pred: (r: SeedRow) => boolean) =>
    SEED.flatMap((r, i) => (pred(r) ? [s.ids[i]] : []));

  beforeEach(() => {
    s = seededApp();
    plan = PLAN_FOOD_THIS_MONTH;
    useModel(() => plan);
  });
  afterEach(async () => {
    await s.cleanup();
  });

  it('execute: "这个月餐饮花了多少" → a number, with local time given to the model', async () => {
    const r = await exec({ message: '这个月餐饮花了多少' });
    expect(r.ok).toBe(true);
    const data = r.output_data as { rows: { total: number }[]; explanation: string };
    const want = own()
      .filter((x) => x.category === '餐饮' && x.at >= '2026-04-01')
      .reduce((a, x) => a + x.amount, 0);
    expect(data.rows[0].total).toBeCloseTo(want, 6);
    expect(JSON.parse(r.output).rows[0].total).toBeCloseTo(want, 6);
    const prompt = model.promptText();
    expect(prompt).toContain('这个月餐饮花了多少');
    expect(prompt).toContain('2026-04-15 10:00:00');
    expect(prompt).toContain('Asia/Shanghai');
    expect(prompt).toContain('上周 last week: 2026-04-06 .. 2026-04-12');
  });

  it('caps rows: 500 from the database (flagged), 100 for the model', async () => {
    plan = {
      intent: 'read',
      sql: 'SELECT a.id, b.id AS other FROM ledgers a, ledgers b',
      explanation: '',
      time_range: null,
    };
    const r = await exec({ message: '所有账单两两组合' });
    const data = r.output_data as { rows: unknown[]; truncated: boolean; row_count: number };
    expect(data).toMatchObject({ truncated: true, row_count: 500 });
    const forModel = JSON.parse(r.output) as { rows: unknown[]; note: string };
    expect(forModel.rows.length).toBe(100);
    expect(forModel.note).toMatch(/first 100 of 500/);
  });

  it('says plainly when no chat model is configured', async () => {
    s.app.ctx.models = { chat: () => null, vision: () => null, embeddings: () => null };
    const r = await exec({ message: '这个月餐饮花了多少' });
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('NOT_CONFIGURED');
    expect(r.output).toMatch(/未配置对话模型/);
  });

  it('refuses a malicious plan with the guard\u2019s reason and changes nothing', async () => {
    plan = {
      intent: 'read',
      sql: 'SELECT * FROM ledgers; DELETE FROM ledgers',
      explanation: '',
      time_range: null,
    };
    const before = categories();
    const r = await exec({ message: '这个月餐饮花了多少' });
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('FORBIDDEN');
    expect(r.output).toMatch(/exactly one statement/);
    expect(categories()).toEqual(before);
  });

  it('"把上周所有交通改成出行": preview (nothing written) → commit by ids → only those rows changed, audited', async () => {
    plan = PLAN_LAST_WEEK_TRANSPORT;
    const before = categories();
    const changedEvents: number[][] = [];
    s.app.ctx.events.on('data.changed', (p) => changedEvents.push(p.ids ?? []));

    const p = await exec({
      message: '把上周所有交通改成出行',
      mode: 'preview_write',
      operation: 'update',
      update_fields: { category: '出行' },
    });
    expect(p.ok).toBe(true);
    const preview = p.output_data as {
      target_ids: number[];
      expected_count: number;
      preview_rows: { id: number; category: string; after: { category: string } }[];
      written: boolean;
    };
    const want = idsWhere(lastWeekTransport);
    expect(want.length).toBe(3);
    expect(preview.target_ids.sort()).toEqual([...want].sort());
    expect(preview.expected_count).toBe(3);
    expect(preview.preview_rows.map((r) => [r.category, r.after.category])).toEqual(
      Array(3).fill(['交通', '出行']),
    );
    expect(preview.written).toBe(false);
    expect(categories()).toEqual(before); // the preview wrote no ledger row
    expect(model.promptText()).toMatch(/Never write UPDATE or DELETE/);

    const c = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: preview.target_ids,
      expected_count: preview.expected_count,
      update_fields: { category: '出行' },
    });
    expect(c.ok).toBe(true);
    expect((c.output_data as { changed_count: number }).changed_count).toBe(3);
    const after = categories();
    for (const row of after) {
      const was = before.find((b) => b.id === row.id)!;
      if (want.includes(row.id)) expect(row.category).toBe('出行');
      else expect(row).toEqual(was); // every other row, including the other person's, untouched
    }
    const audits = s.app.ctx.audit.list('ledger').filter((a) => a.action === 'update');
    expect(audits.map((a) => a.entity_id).sort()).toEqual([...want].sort());
    expect(audits.every((a) => a.actor === 'agent' && a.conversation_id === 7)).toBe(true);
    expect(changedEvents.at(-1)?.sort()).toEqual([...want].sort());

    // The same preview cannot be committed twice.
    const again = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: preview.target_ids,
      expected_count: 3,
      update_fields: { category: '出行' },
    });
    expect(again.ok).toBe(false);
    expect(again.error?.code).toBe('CONFLICT');
  });

  it('refuses a commit whose expected_count does not match; nothing written', async () => {
    plan = PLAN_LAST_WEEK_TRANSPORT;
    const p = await exec({
      message: '把上周所有交通改成出行',
      mode: 'preview_write',
      operation: 'update',
      update_fields: { category: '出行' },
    });
    const ids = (p.output_data as { target_ids: number[] }).target_ids;
    const before = categories();
    const c = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: ids,
      expected_count: 5,
      update_fields: { category: '出行' },
    });
    expect(c.ok).toBe(false);
    expect(c.error?.code).toBe('CONFLICT');
    expect(c.output).toMatch(/nothing was written/);
    expect(categories()).toEqual(before);
  });

  it('refuses a commit when a row changed after the preview; nothing written', async () => {
    plan = PLAN_LAST_WEEK_TRANSPORT;
    const p = await exec({
      message: '把上周所有交通改成出行',
      mode: 'preview_write',
      operation: 'update',
      update_fields: { category: '出行' },
    });
    const ids = (p.output_data as { target_ids: number[] }).target_ids;
    s.app.services.ledger.update(1, ids[1], { item: '改过了' }, { actor: 'user' });
    const before = categories();
    const c = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: ids,
      expected_count: 3,
      update_fields: { category: '出行' },
    });
    expect(c.ok).toBe(false);
    expect(c.error?.code).toBe('CONFLICT');
    expect(c.output).toContain(`#${ids[1]}`);
    expect(categories()).toEqual(before);
  });

  it('refuses ids that no preview showed (e.g. another person\u2019s) and different update_fields', async () => {
    plan = PLAN_LAST_WEEK_TRANSPORT;
    const p = await exec({
      message: '把上周所有交通改成出行',
      mode: 'preview_write',
      operation: 'update',
      update_fields: { category: '出行' },
    });
    const ids = (p.output_data as { target_ids: number[] }).target_ids;
    const other = idsWhere((r) => r.user === 2);
    const before = categories();
    const a = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: [...ids, other[0]],
      expected_count: 4,
      update_fields: { category: '出行' },
    });
    expect(a.error?.code).toBe('CONFLICT');
    const b = await exec({
      mode: 'commit_write_by_ids',
      operation: 'update',
      target_ids: ids,
      expected_count: 3,
      update_fields: { category: '娱乐' },
    });
    expect(b.error?.code).toBe('CONFLICT');
    expect(categories()).toEqual(before);
  });

  it('batch delete: preview → commit → rows gone, each restorable from its audit snapshot', async () => {
    plan = PLAN_LAST_WEEK_TRANSPORT;
    const p = await exec({
      message: '删除上周的交通账单',
      mode: 'preview_write',
      operation: 'delete',
    });
    const ids = (p.output_data as { target_ids: number[] }).target_ids;
    const c = await exec({
      mode: 'commit_write_by_ids',
      operation: 'delete',
      target_ids: ids,
      expected_count: ids.length,
    });
    expect(c.ok).toBe(true);
    const out = c.output_data as { deleted: { id: number }[]; undo_tokens: string[] };
    expect(out.deleted.map((d) => d.id).sort()).toEqual([...ids].sort());
    const left = categories().map((r) => r.id);
    for (const id of ids) expect(left).not.toContain(id);
    expect(left.length).toBe(SEED.length - ids.length);
    const restored = s.app.services.ledger.undoDelete(1, out.undo_tokens[0], { actor: 'user' });
    expect(ids).toContain(restored.id);
  });

  it('declares per-call risk: only commits are destructive', () => {
    const def = s.app.ctx.tools.get('ledger_text2sql')!;
    expect(def.riskFor?.({ mode: 'execute' })).toBe('read');
    expect(def.riskFor?.({ mode: 'preview_write' })).toBe('read');
    expect(def.riskFor?.({ mode: 'commit_write_by_ids' })).toBe('destructive');
    expect(
      def.summarize?.(
        {
          mode: 'commit_write_by_ids',
          operation: 'update',
          target_ids: [3, 4],
          update_fields: { category: '出行' },
        },
        'zh-CN',
      ),
    ).toBe('批量修改 2 条账单（#3, #4）：分类 → 出行');
  });
});

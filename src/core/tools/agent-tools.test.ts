import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, openTestApp, toolCtx as ctx } from '../../../tests/support/temp-app';
import type { PaiApp } from '../app';
import { MAIN_AGENT_TOOL_NAMES } from './toolsets';

const NOW = Date.parse('2026-04-06T04:30:05Z');
let app: PaiApp;
let close: () => Promise<void>;

beforeEach(() => {
  ({ app, close } = openTestApp({ clock: fakeClock(NOW) }));
});
afterEach(() => close());

describe('now_time', () => {
  it("renders the time in the given IANA zone, defaulting to the person's", async () => {
    const t = app.ctx.tools;
    expect((await t.execute('now_time', {}, ctx())).output).toBe(
      '2026-04-06 12:30:05 星期一（Asia/Shanghai，UTC+08:00）',
    );
    expect(
      (await t.execute('now_time', { timezone: 'America/New_York' }, ctx({ locale: 'en' }))).output,
    ).toBe('Monday, 2026-04-06 00:30:05 (America/New_York, UTC-04:00)');
    const bad = await t.execute('now_time', { timezone: 'Mars/Olympus' }, ctx());
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('conversation tools', () => {
  it('conversation_current creates one when there is none; conversation_list marks the active one', async () => {
    const t = app.ctx.tools;
    const cur = await t.execute('conversation_current', {}, ctx());
    expect(cur.ok).toBe(true);
    const first = cur.output_data as { id: number; active: boolean };
    expect(first.active).toBe(true);
    const second = app.services.conversations.create(1, '第二个');
    const list = await t.execute(
      'conversation_list',
      { limit: 10 },
      ctx({ conversationId: first.id }),
    );
    const rows = list.output_data as { id: number; active: boolean; title: string }[];
    expect(rows.map((r) => [r.id, r.active])).toEqual(
      expect.arrayContaining([
        [first.id, true],
        [second.id, false],
      ]),
    );
  });
});

describe('profile tools', () => {
  it('update_user_profile changes only given fields, tells the hooks, and query_user_profile reads it back', async () => {
    const seen: string[][] = [];
    app.services.profile.onChanged((c) => void seen.push(c.changed));
    const t = app.ctx.tools;
    const r = await t.execute(
      'update_user_profile',
      { nickname: '老李', ai_name: '小派', ai_emoji: '' },
      ctx(),
    );
    expect(r.output).toBe('已更新档案：昵称 → 老李，助手名称 → 小派');
    expect(seen).toEqual([['nickname', 'ai_name']]);
    const again = await t.execute('update_user_profile', { nickname: '老李' }, ctx());
    expect(again.output).toBe('档案没有变化。');
    expect(seen).toHaveLength(1);
    const q = await t.execute('query_user_profile', {}, ctx());
    expect(q.output).toContain('昵称：老李');
    expect(q.output).toContain('助手名称：小派');
    expect(q.output).toContain('助手表情：（未设置）');
    const p = await app.dispatch('profile.get', {});
    expect(p.ok && p.data).toMatchObject({ nickname: '老李', ai_name: '小派' });
  });
});

describe('toolsets', () => {
  it('main_agent sees every registered mainAgent tool that is enabled; a disabled one disappears', async () => {
    const names = () =>
      app.ctx.tools
        .list()
        .filter((d) => d.mainAgent)
        .map((d) => d.name);
    for (const n of names()) if (n !== 'clarify') expect(MAIN_AGENT_TOOL_NAMES).toContain(n);
    const r = await app.dispatch('mcp.tools.setEnabled', {
      source: 'builtin',
      name: 'now_time',
      enabled: false,
    });
    expect(r.ok).toBe(true);
    const list = await app.handlers['mcp.tools.list']({}, { actor: 'user', userId: 1 });
    expect(list.find((x) => x.name === 'now_time')?.enabled).toBe(false);
    const run = await app.ctx.tools.execute('now_time', {}, ctx());
    expect(run.error?.code).toBe('TOOL_DISABLED');
  });
});

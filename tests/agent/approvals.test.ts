import { describe, expect, it } from 'vitest';
import { call, useScriptedChat } from '../scripted-openai/harness';
import type { ChatEvent, LedgerEntry } from '../../src/shared/contract';

const ctx = useScriptedChat();

const rows = async () =>
  (await call<{ entries: LedgerEntry[] }>(ctx.h.app, 'ledger.list', {})).entries;

async function seedAndAskDelete(): Promise<{
  conv: number;
  entry: LedgerEntry;
  approval: Extract<ChatEvent, { type: 'approval_request' }>;
}> {
  const entry = await call<LedgerEntry>(ctx.h.app, 'ledger.create', {
    amount: 32,
    category: '餐饮',
    item: '午饭',
  });
  ctx.server.enqueue({
    text: '好的，我来删掉。',
    toolCalls: [{ name: 'ledger_delete', args: { ledger_id: entry.id }, id: 'call_del_1' }],
  });
  const r = await call<{ conversation_id: number; turn_id: string }>(ctx.h.app, 'chat.send', {
    text: '删掉这笔',
  });
  await ctx.h.app.services.chat.idle(r.conversation_id);
  const approval = ctx.h.events.find(
    (e) => e.type === 'approval_request' && e.turn_id === r.turn_id,
  );
  expect(approval).toBeDefined();
  expect(ctx.h.events.filter((e) => e.turn_id === r.turn_id).at(-1)).toMatchObject({
    type: 'turn_end',
    status: 'waiting',
  });
  return {
    conv: r.conversation_id,
    entry,
    approval: approval as Extract<ChatEvent, { type: 'approval_request' }>,
  };
}

describe('guardrail approvals', () => {
  it('"删掉这笔" asks with summary + exact args; reject → row kept and the model is told [已跳过]', async () => {
    const { conv, entry, approval } = await seedAndAskDelete();
    expect(approval.calls).toEqual([
      {
        call_id: 'call_del_1',
        tool: 'ledger_delete',
        risk: 'destructive',
        summary: `删除账单 #${entry.id}`,
        args: { ledger_id: entry.id },
      },
    ]);
    // Nothing ran before the answer.
    expect(await rows()).toHaveLength(1);
    const state = await call<{ pending: { kind: string } | null }>(ctx.h.app, 'chat.state', {
      conversation_id: conv,
    });
    expect(state.pending?.kind).toBe('approval');

    ctx.server.enqueue({ text: '好的，没有删除。' });
    await call(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_del_1', approved: false }],
    });
    await ctx.h.app.services.chat.idle(conv);

    expect(await rows()).toHaveLength(1);
    const last = ctx.server.chatRequests().at(-1)!;
    const tool = last.body.messages!.find(
      (m) => m.role === 'tool' && m.tool_call_id === 'call_del_1',
    );
    expect(tool?.content).toBe('[已跳过] 用户本轮未批准执行该操作。');
    expect(
      ctx.h.events.find((e) => e.type === 'tool_end' && e.call_id === 'call_del_1'),
    ).toMatchObject({ status: 'skipped', ok: false });
    expect(ctx.h.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'completed' });
  });

  it('approve → the row is deleted', async () => {
    const { conv } = await seedAndAskDelete();
    ctx.server.enqueue({ text: '已删除。' });
    const r = await call<{ resumed: boolean }>(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_del_1', approved: true }],
    });
    expect(r.resumed).toBe(true);
    await ctx.h.app.services.chat.idle(conv);
    expect(await rows()).toHaveLength(0);
    expect(
      ctx.h.events.find((e) => e.type === 'tool_end' && e.call_id === 'call_del_1'),
    ).toMatchObject({ status: 'ok', ok: true });
  });

  it('a pending approval survives closing and re-creating the app, and executes when approved', async () => {
    const { conv } = await seedAndAskDelete();
    await ctx.h.reopen();
    const state = await call<{ pending: { kind: string; calls: { call_id: string }[] } | null }>(
      ctx.h.app,
      'chat.state',
      { conversation_id: conv },
    );
    expect(state.pending).toMatchObject({ kind: 'approval', calls: [{ call_id: 'call_del_1' }] });
    ctx.server.enqueue({ text: '已删除。' });
    await call(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_del_1', approved: true }],
    });
    await ctx.h.app.services.chat.idle(conv);
    expect(await rows()).toHaveLength(0);
    // The resumed turn still sent the whole turn to the model: user text, the call and its result.
    const msgs = ctx.server.chatRequests().at(-1)!.body.messages!;
    expect(msgs.some((m) => m.role === 'user' && m.content === '删掉这笔')).toBe(true);
    expect(msgs.find((m) => m.role === 'tool')?.tool_call_id).toBe('call_del_1');
  });

  it('always_allow: the answer sets the tool to always allow, and the next delete runs without asking', async () => {
    const { conv } = await seedAndAskDelete();
    ctx.server.enqueue({ text: '已删除。' });
    await call(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_del_1', approved: true, always_allow: true }],
    });
    await ctx.h.app.services.chat.idle(conv);
    const e2 = await call<LedgerEntry>(ctx.h.app, 'ledger.create', { amount: 5, item: '水' });
    ctx.server.enqueue(
      { toolCalls: [{ name: 'ledger_delete', args: { ledger_id: e2.id } }] },
      { text: '删了。' },
    );
    const r = await call<{ turn_id: string }>(ctx.h.app, 'chat.send', {
      conversation_id: conv,
      text: '这笔也删',
    });
    await ctx.h.app.services.chat.idle(conv);
    expect(ctx.h.events.some((e) => e.type === 'approval_request' && e.turn_id === r.turn_id)).toBe(
      false,
    );
    expect(await rows()).toHaveLength(0);
    const tools = await call<{ name: string; approval: string }[]>(ctx.h.app, 'mcp.tools.list', {});
    expect(tools.find((t) => t.name === 'ledger_delete')?.approval).toBe('always_allow');
  });

  it('per-call answers: two deletes, answered one at a time across a restart; only the approved one runs', async () => {
    const a = await call<LedgerEntry>(ctx.h.app, 'ledger.create', { amount: 1, item: 'a' });
    const b = await call<LedgerEntry>(ctx.h.app, 'ledger.create', { amount: 2, item: 'b' });
    ctx.server.enqueue({
      toolCalls: [
        { name: 'ledger_delete', args: { ledger_id: a.id }, id: 'call_a' },
        { name: 'ledger_delete', args: { ledger_id: b.id }, id: 'call_b' },
      ],
    });
    const { conversation_id: conv } = await call<{ conversation_id: number }>(
      ctx.h.app,
      'chat.send',
      { text: '两笔都删' },
    );
    await ctx.h.app.services.chat.idle(conv);
    const first = await call<{ resumed: boolean }>(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_a', approved: true }],
    });
    expect(first.resumed).toBe(false);
    // A restart between the two answers keeps the first one.
    await ctx.h.reopen();
    const state = await call<{
      pending: { kind: string; answered: Record<string, boolean> } | null;
    }>(ctx.h.app, 'chat.state', { conversation_id: conv });
    expect(state.pending).toMatchObject({ kind: 'approval', answered: { call_a: true } });
    ctx.server.enqueue({ text: '删了 a，b 保留。' });
    const second = await call<{ resumed: boolean }>(ctx.h.app, 'chat.resume', {
      conversation_id: conv,
      approvals: [{ call_id: 'call_b', approved: false }],
    });
    expect(second.resumed).toBe(true);
    await ctx.h.app.services.chat.idle(conv);
    expect((await rows()).map((r) => r.item)).toEqual(['b']);
  });

  it('a new message while an approval is pending replaces it: nothing deleted, the next turn goes on', async () => {
    const { conv } = await seedAndAskDelete();
    ctx.server.enqueue({ text: '好的。' });
    await call(ctx.h.app, 'chat.send', { conversation_id: conv, text: '算了，不删了' });
    await ctx.h.app.services.chat.idle(conv);
    expect(await rows()).toHaveLength(1);
    const msgs = ctx.server.chatRequests().at(-1)!.body.messages!;
    // History keeps the call paired with a result, so the provider accepts it.
    const callIdx = msgs.findIndex((m) => Array.isArray(m.tool_calls) && m.tool_calls.length > 0);
    expect(msgs[callIdx + 1]).toMatchObject({ role: 'tool', tool_call_id: 'call_del_1' });
    expect(
      (await call<{ pending: unknown }>(ctx.h.app, 'chat.state', { conversation_id: conv }))
        .pending,
    ).toBeNull();
  });
});

describe('one turn at a time', () => {
  it('two resumes racing for the same approval: one runs, the other gets CONFLICT; the delete runs once', async () => {
    const { conv } = await seedAndAskDelete();
    ctx.server.enqueue({ text: '已删除。' });
    const answer = {
      conversation_id: conv,
      approvals: [{ call_id: 'call_del_1', approved: true }],
    };
    const [a, b] = await Promise.all([
      ctx.h.app.dispatch('chat.resume', answer),
      ctx.h.app.dispatch('chat.resume', answer),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const failed = a.ok ? b : a;
    expect(!failed.ok && failed.error.code).toBe('CONFLICT');
    await ctx.h.app.services.chat.idle(conv);
    expect(await rows()).toHaveLength(0);
    expect(
      ctx.h.events.filter((e) => e.type === 'tool_end' && e.call_id === 'call_del_1'),
    ).toHaveLength(1);
  });
});

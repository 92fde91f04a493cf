import { afterEach, describe, expect, it } from 'vitest';
import { deadPort, ScriptedOpenAI } from '../scripted-openai/server';
import { call, envFor, openHarness, type Harness } from '../scripted-openai/harness';
import type { ChatMessage, LedgerEntry } from '../../src/shared/contract';

let server: ScriptedOpenAI | null = null;
let h: Harness | null = null;

afterEach(async () => {
  await h?.close();
  await server?.close();
  h = null;
  server = null;
});

async function withServer(): Promise<Harness> {
  server = await new ScriptedOpenAI().start();
  h = openHarness(envFor(server.baseURL));
  return h;
}

const rows = async (hh: Harness) =>
  (await call<{ entries: LedgerEntry[] }>(hh.app, 'ledger.list', {})).entries;

describe('clarify', () => {
  it('interrupts with the question and options; the answer returns to the model as the tool result', async () => {
    const hh = await withServer();
    server!.enqueue({
      toolCalls: [
        {
          name: 'clarify',
          args: { question: '记到哪个分类？', options: ['餐饮', '交通'] },
          id: 'call_q',
        },
      ],
    });
    const r = await call<{ conversation_id: number; turn_id: string }>(hh.app, 'chat.send', {
      text: '记一笔 20',
    });
    await hh.app.services.chat.idle(r.conversation_id);
    expect(hh.events.find((e) => e.type === 'clarify_request')).toMatchObject({
      call_id: 'call_q',
      question: '记到哪个分类？',
      options: ['餐饮', '交通'],
    });
    expect(hh.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'waiting' });

    server!.enqueue(
      {
        toolCalls: [
          { name: 'ledger_insert', args: { amount: 20, category: '交通', item: '打车' } },
        ],
      },
      { text: '已记到交通。' },
    );
    await call(hh.app, 'chat.resume', {
      conversation_id: r.conversation_id,
      clarify: { call_id: 'call_q', answer: '交通' },
    });
    await hh.app.services.chat.idle(r.conversation_id);
    const second = server!.chatRequests()[1]!;
    expect(
      second.body.messages!.find((m) => m.role === 'tool' && m.tool_call_id === 'call_q')?.content,
    ).toBe('交通');
    expect((await rows(hh))[0]).toMatchObject({ amount: 20, category: '交通' });
    const { messages } = await call<{ messages: ChatMessage[] }>(hh.app, 'conversation.messages', {
      id: r.conversation_id,
    });
    expect(messages.find((m) => m.tool?.name === 'clarify')).toMatchObject({
      content: '交通',
      tool: { status: 'answered' },
    });
  });
});

describe('cancel', () => {
  it('stops a turn mid-stream: turn_end cancelled, partial text kept as cancelled, the app goes on', async () => {
    const hh = await withServer();
    server!.enqueue({ text: '这是一段很长很长的回答，'.repeat(20), chunkSize: 2, delayMs: 30 });
    const r = await call<{ conversation_id: number; turn_id: string }>(hh.app, 'chat.send', {
      text: '讲个故事',
    });
    // Wait for a few tokens, then stop.
    while (hh.events.filter((e) => e.type === 'token').length < 3)
      await new Promise((res) => setTimeout(res, 10));
    const c = await call<{ cancelled: boolean }>(hh.app, 'chat.cancel', {
      conversation_id: r.conversation_id,
    });
    expect(c.cancelled).toBe(true);
    const started = Date.now();
    await hh.app.services.chat.idle(r.conversation_id);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(hh.events.at(-1)).toMatchObject({
      type: 'turn_end',
      status: 'cancelled',
      turn_id: r.turn_id,
    });
    const { messages } = await call<{ messages: ChatMessage[] }>(hh.app, 'conversation.messages', {
      id: r.conversation_id,
    });
    const partial = messages.find((m) => m.role === 'assistant');
    expect(partial?.status).toBe('cancelled');
    expect(partial!.content.length).toBeGreaterThan(0);
    expect(partial!.content.length).toBeLessThan('这是一段很长很长的回答，'.repeat(20).length);
    // The conversation takes a new turn right away.
    server!.enqueue({ text: '好的。' });
    await call(hh.app, 'chat.send', { conversation_id: r.conversation_id, text: '算了' });
    await hh.app.services.chat.idle(r.conversation_id);
    expect(hh.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'completed' });
  });
});

describe('no provider', () => {
  it("provider down (connection refused) → an error event in the person's language, then turn_end error", async () => {
    const port = await deadPort();
    h = openHarness(envFor(`http://127.0.0.1:${port}/v1`));
    const r = await call<{ conversation_id: number; turn_id: string }>(h.app, 'chat.send', {
      text: '你好',
    });
    await h.app.services.chat.idle(r.conversation_id);
    const err = h.events.find((e) => e.type === 'error');
    expect(err).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(err?.type === 'error' && err.message).toContain('连接不上模型服务');
    expect(h.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'error' });
    // Everything else still works.
    await call(h.app, 'ledger.create', { amount: 1 });
    expect(await rows(h)).toHaveLength(1);
  });

  it('nothing configured → chat.send says NOT_CONFIGURED pointing to Settings; nothing stored', async () => {
    h = openHarness({});
    const r = await h.app.dispatch('chat.send', { text: '你好' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('NOT_CONFIGURED');
    expect(!r.ok && r.error.message).toContain('设置');
    const state = await call<{ configured: boolean; hasKey: boolean }>(h.app, 'providers.get', {});
    expect(state).toMatchObject({ configured: false, hasKey: false });
    const t = await h.app.dispatch('providers.test', {});
    expect(!t.ok && t.error.code).toBe('NOT_CONFIGURED');
    expect(
      (await call<{ conversations: unknown[] }>(h.app, 'conversation.list', {})).conversations,
    ).toHaveLength(0);
  });

  it('providers.test: ok against the scripted server, PROVIDER_UNAVAILABLE when it is down', async () => {
    const hh = await withServer();
    server!.otherwise(() => ({ text: 'pong' }));
    const ok = await call<{ ok: boolean; model: string }>(hh.app, 'providers.test', {});
    expect(ok).toMatchObject({ ok: true, model: 'scripted-model' });
    await server!.close();
    const down = await hh.app.dispatch('providers.test', {});
    expect(!down.ok && down.error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('tool errors come back to the model; the turn goes on; nothing is written', () => {
  it('wrong types, missing fields, unknown tool, invalid JSON', async () => {
    const hh = await withServer();
    server!.enqueue(
      {
        toolCalls: [
          {
            name: 'ledger_insert',
            args: { amount: 'thirty-two', category: '餐饮', item: '午饭' },
            id: 'c_type',
          },
          { name: 'ledger_delete', args: {}, id: 'c_missing' },
          { name: 'ledger_explode', args: { x: 1 }, id: 'c_unknown' },
          { name: 'ledger_insert', args: '{"amount": 32, "item": ', id: 'c_json' },
        ],
      },
      { text: '参数有误，请再说一次金额。' },
    );
    const r = await call<{ conversation_id: number; turn_id: string }>(hh.app, 'chat.send', {
      text: '午饭三十二',
    });
    await hh.app.services.chat.idle(r.conversation_id);
    expect(await rows(hh)).toHaveLength(0);
    // No approval was asked for a delete that cannot run.
    expect(hh.events.some((e) => e.type === 'approval_request')).toBe(false);
    const second = server!.chatRequests()[1]!.body.messages!;
    const result = (id: string) =>
      String(second.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
    expect(result('c_type')).toMatch(/^\[错误 VALIDATION_FAILED\].*amount/);
    expect(result('c_missing')).toMatch(/^\[错误 VALIDATION_FAILED\].*ledger_id/);
    expect(result('c_unknown')).toMatch(/^\[错误 UNKNOWN_TOOL\]/);
    expect(result('c_json')).toMatch(/^\[错误 VALIDATION_FAILED\].*JSON/);
    expect(
      hh.events
        .filter((e) => e.type === 'tool_end')
        .every((e) => e.type === 'tool_end' && e.status === 'error'),
    ).toBe(true);
    expect(hh.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'completed' });
  });
});

describe('vision', () => {
  it('attached images go to the model as image_url parts and to tools as runtime context', async () => {
    const hh = await withServer();
    const img = 'data:image/png;base64,iVBORw0KGgo=';
    server!.enqueue({ text: '收到图片。' });
    const r = await call<{ conversation_id: number }>(hh.app, 'chat.send', {
      text: '看看这张小票',
      images: [img],
    });
    await hh.app.services.chat.idle(r.conversation_id);
    const user = server!.chatRequests()[0]!.body.messages!.find((m) => m.role === 'user');
    expect(user?.content).toEqual([
      { type: 'text', text: '看看这张小票' },
      { type: 'image_url', image_url: { url: img } },
    ]);
    const { messages } = await call<{ messages: ChatMessage[] }>(hh.app, 'conversation.messages', {
      id: r.conversation_id,
    });
    expect(messages[0]!.images).toEqual([img]);
  });
});

import { describe, expect, it } from 'vitest';
import { call, useScriptedChat } from '../scripted-openai/harness';
import type { ChatMessage, LedgerEntry } from '../../src/shared/contract';

const ctx = useScriptedChat();

const ledgerRows = async () =>
  (await call<{ entries: LedgerEntry[] }>(ctx.h.app, 'ledger.list', {})).entries;

async function send(text: string, conversation_id?: number) {
  const r = await call<{ conversation_id: number; turn_id: string }>(ctx.h.app, 'chat.send', {
    text,
    ...(conversation_id ? { conversation_id } : {}),
  });
  await ctx.h.app.services.chat.idle(r.conversation_id);
  return r;
}

describe('chat turn with the real ChatOpenAI client against the scripted server', () => {
  it('"午饭 32" → ledger_insert runs → a row, tool start/end events, streamed reply', async () => {
    ctx.server.enqueue(
      {
        toolCalls: [
          {
            name: 'ledger_insert',
            args: {
              amount: 32,
              category: '餐饮',
              item: '午饭',
              transaction_date: '',
              image_url: '',
            },
          },
        ],
      },
      { text: '已记账：午饭 32 元。' },
    );
    const { conversation_id, turn_id } = await send('午饭 32');

    const rows = await ledgerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 32, category: '餐饮', item: '午饭' });

    const mine = ctx.h.events.filter((e) => e.turn_id === turn_id);
    const types = mine.map((e) => e.type);
    expect(types[0]).toBe('turn_start');
    expect(types.at(-1)).toBe('turn_end');
    const start = mine.find((e) => e.type === 'tool_start');
    const end = mine.find((e) => e.type === 'tool_end');
    expect(start).toMatchObject({
      name: 'ledger_insert',
      risk: 'write',
      args: { amount: 32, item: '午饭' },
    });
    expect(end).toMatchObject({ name: 'ledger_insert', ok: true, status: 'ok' });
    expect(end?.type === 'tool_end' && JSON.parse(end.summary)).toMatchObject({
      amount: 32,
      item: '午饭',
    });
    const tokens = mine
      .filter((e) => e.type === 'token')
      .map((e) => (e.type === 'token' ? e.delta : ''));
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe('已记账：午饭 32 元。');
    expect(mine.find((e) => e.type === 'message')).toMatchObject({
      content: '已记账：午饭 32 元。',
    });
    expect(mine.at(-1)).toMatchObject({ type: 'turn_end', status: 'completed' });

    // The model saw the tool result on its second call, and tools were bound.
    const [first, second] = ctx.server.chatRequests();
    expect(first!.body.tools?.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(['ledger_insert', 'clarify', 'now_time']),
    );
    expect(first!.body.stream).toBe(true);
    const toolMsg = second!.body.messages!.find((m) => m.role === 'tool');
    expect(JSON.parse(String(toolMsg!.content))).toMatchObject({ amount: 32, item: '午饭' });
    // The system prompt carries the local time and locale.
    const system = String(first!.body.messages![0]!.content);
    expect(system).toContain('2026-04-06 12:30');
    expect(system).toContain('Asia/Shanghai');

    // Stored for display: user, assistant (tool call), tool, assistant.
    const { messages } = await call<{ messages: ChatMessage[] }>(
      ctx.h.app,
      'conversation.messages',
      { id: conversation_id },
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[1]!.tool_calls?.[0]?.name).toBe('ledger_insert');
    expect(messages[2]!.tool).toMatchObject({ name: 'ledger_insert', status: 'ok' });
    const convs = await call<{ conversations: { id: number; title: string }[] }>(
      ctx.h.app,
      'conversation.list',
      {},
    );
    expect(convs.conversations[0]).toMatchObject({ id: conversation_id, title: '午饭 32' });
  });
});

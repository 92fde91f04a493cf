import { describe, expect, it } from 'vitest';
import { call, useScriptedChat } from '../scripted-openai/harness';

const ctx = useScriptedChat();

/** Seeds `turns` earlier turns: person's message, a tool call + result, and a reply (4 rows each). */
function seed(conv: number, turns: number): void {
  const c = ctx.h.app.services.conversations;
  for (let i = 0; i < turns; i++) {
    const turnId = `seed-${i}`;
    c.append(1, conv, [
      { turnId, role: 'user', content: `第 ${i} 条消息：午饭 ${i} 元，顺便说说今天的天气和心情。` },
      {
        turnId,
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: `seed_call_${i}`, name: 'ledger_insert', args: { amount: i, item: '午饭' } },
        ],
      },
      {
        turnId,
        role: 'tool',
        content: JSON.stringify({ id: i, amount: i, item: '午饭', note: 'x'.repeat(300) }),
        toolCallId: `seed_call_${i}`,
        toolName: 'ledger_insert',
        status: 'ok',
      },
      { turnId, role: 'assistant', content: `已记下第 ${i} 笔。` },
    ]);
  }
}

async function turnRequestSize(conv: number): Promise<{
  bytes: number;
  messages: { role: string; tool_call_id?: string; tool_calls?: unknown[] }[];
}> {
  ctx.server.enqueue({ text: '好的。' });
  await call(ctx.h.app, 'chat.send', { conversation_id: conv, text: '今天花了多少？' });
  await ctx.h.app.services.chat.idle(conv);
  const req = ctx.server.chatRequests().at(-1)!;
  return { bytes: req.raw.length, messages: req.body.messages! };
}

describe('history sent to the model is bounded', () => {
  it('a turn at 1,000 stored messages sends about what a turn at 12 sends, with call/result pairs intact', async () => {
    const small = (await call<{ id: number }>(ctx.h.app, 'conversation.create', {})).id;
    const big = (await call<{ id: number }>(ctx.h.app, 'conversation.create', {})).id;
    seed(small, 3); // 12 messages
    seed(big, 250); // 1,000 messages
    const a = await turnRequestSize(small);
    const b = await turnRequestSize(big);
    // Tool schemas are the same in both requests; the history adds at most a fixed budget.
    expect(b.bytes - a.bytes).toBeLessThan(30_000);
    // Bounded: the big thread costs at most a fixed budget more than the small one, not 80x.
    expect(b.bytes).toBeLessThan(a.bytes * 8);
    // Newest history is kept (the last seeded turn), the oldest is not.
    const text = JSON.stringify(b.messages);
    expect(text).toContain('第 249 条消息');
    expect(text).not.toContain('第 0 条消息');
    // Every assistant tool call is followed by its result; no orphan results.
    for (const [i, m] of b.messages.entries()) {
      if (m.role === 'assistant' && m.tool_calls?.length) {
        expect(b.messages[i + 1]).toMatchObject({ role: 'tool' });
      }
      if (m.role === 'tool') {
        const prev = b.messages
          .slice(0, i)
          .reverse()
          .find((x) => x.role === 'assistant');
        expect(JSON.stringify(prev?.tool_calls)).toContain(String(m.tool_call_id));
      }
    }
    // The first history message after the system prompt is the person's.
    expect(b.messages[1]!.role).toBe('user');
  });
});

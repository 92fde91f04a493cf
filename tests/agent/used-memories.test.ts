import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedOpenAI } from '../scripted-openai/server';
import { call, envFor, openHarness, type Harness } from '../scripted-openai/harness';
import type { ChatMessage, MemoryItem } from '../../src/shared/contract';

let server: ScriptedOpenAI;
let h: Harness;

beforeEach(async () => {
  server = await new ScriptedOpenAI().start();
  h = openHarness(envFor(server.baseURL));
});
afterEach(async () => {
  await h.close();
  await server.close();
});

async function turn(conv: number, text: string): Promise<string> {
  const r = await call<{ turn_id: string }>(h.app, 'chat.send', { conversation_id: conv, text });
  await h.app.services.chat.idle(conv);
  return r.turn_id;
}

const messages = async (conv: number) =>
  (await call<{ messages: ChatMessage[] }>(h.app, 'conversation.messages', { id: conv })).messages;

describe('the "used N memories" hint is stored with the answer', () => {
  it('after a turn with recalled memories the listed messages carry them, also after a restart', async () => {
    const { item } = await call<{ item: MemoryItem }>(h.app, 'memory.create', {
      content: '我对花生过敏',
      memory_type: 'fact',
      importance: 5,
    });
    await h.app.services.memory.indexer.drain();
    const conv = (await call<{ id: number }>(h.app, 'conversation.create', {})).id;

    // Two model calls in the turn (a tool call, then the answer): the hint is kept once per item.
    server.enqueue(
      { toolCalls: [{ id: 'call_list', name: 'memory_list', args: {} }] },
      { text: '宫保鸡丁里有花生，你对花生过敏，换一道吧。' },
    );
    const turnId = await turn(conv, '晚饭想吃宫保鸡丁，花生多一点可以吗？');
    const live = h.events.filter((e) => e.type === 'context' && e.turn_id === turnId);
    expect(live.length).toBeGreaterThan(0);
    const liveUsed = live.flatMap((e) => (e.type === 'context' ? e.used : []));
    expect(liveUsed).toContainEqual({ kind: 'memory', id: item.id, label: '我对花生过敏' });

    const check = async () => {
      const rows = (await messages(conv)).filter((m) => m.turn_id === turnId);
      const answer = rows.filter((m) => m.role === 'assistant' && m.content).at(-1)!;
      expect(answer.content).toContain('花生过敏');
      expect(answer.used).toContainEqual({ kind: 'memory', id: item.id, label: '我对花生过敏' });
      // The person's own message and tool results carry no hint.
      expect(rows.filter((m) => m.role !== 'assistant').every((m) => m.used === undefined)).toBe(
        true,
      );
    };
    await check();
    await h.reopen();
    await check();
  });

  it('a turn that recalled nothing stores no hint', async () => {
    const conv = (await call<{ id: number }>(h.app, 'conversation.create', {})).id;
    server.enqueue({ text: '你好！' });
    const turnId = await turn(conv, 'hello there');
    expect(h.events.some((e) => e.type === 'context' && e.turn_id === turnId)).toBe(false);
    const answer = (await messages(conv)).find((m) => m.role === 'assistant')!;
    expect(answer.content).toBe('你好！');
    expect(answer.used).toBeUndefined();
  });
});

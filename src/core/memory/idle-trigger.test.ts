// Learning from a quiet conversation, driven through a real chat turn with fake timers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { ScriptedChatModel } from '../../../tests/helpers/scripted-chat-model';

const MIN = 60_000;
let dir: string;
let app: PaiApp;
let model: ScriptedChatModel;
let learnerCalls: number;

beforeEach(async () => {
  // Timers advance with real time too, so the graph's own short waits still run.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  dir = mkdtempSync(join(tmpdir(), 'pai-idle-'));
  learnerCalls = 0;
  model = new ScriptedChatModel((messages) => {
    const system = String(messages[0]?.content ?? '');
    if (system.includes('挑出值得长期记住')) {
      learnerCalls++;
      const talk = String(messages.at(-1)?.content ?? '');
      // The scripted learner proposes what the person said, only if it is in the transcript it was shown.
      return {
        memories: talk.includes('我对花生过敏')
          ? [
              {
                content: '用户对花生过敏',
                memory_type: 'fact',
                key: 'peanut_allergy',
                importance: 5,
                confidence: 0.95,
                ttl_days: null,
              },
            ]
          : [],
      };
    }
    return '好的，知道了。';
  });
  app = createApp({
    dataDir: dir,
    timeZone: 'Asia/Shanghai',
    locale: 'zh-CN',
    background: false,
    models: { chat: () => model, vision: () => null, embeddings: () => null },
  });
  await app.start();
});

afterEach(async () => {
  await app.close();
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

async function turn(text: string, conversationId?: number): Promise<number> {
  let id = conversationId ?? 0;
  const ended = new Promise<void>((resolve) => {
    const off = app.ctx.events.on('chat.event', (e) => {
      if (e.type === 'turn_end' && e.conversation_id === id) {
        off();
        resolve();
      }
    });
  });
  const r = await app.dispatch('chat.send', {
    text,
    ...(conversationId ? { conversation_id: conversationId } : {}),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  id = (r.data as { conversation_id: number }).conversation_id;
  await ended;
  return id;
}

const learned = () =>
  app.services.memory.service
    .list(1, {})
    .items.filter((i) => i.origin === 'learned')
    .map((i) => i.content);

async function idle(minutes: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(minutes * MIN);
  await app.services.idleLearn.settled();
}

describe('idle learning trigger', () => {
  it('learns a memory after a turn and learnIdleMinutes of quiet', async () => {
    const conv = await turn('我对花生过敏，以后推荐吃的注意一下');
    expect(app.services.idleLearn.pending()).toEqual([conv]);
    await idle(9);
    expect(learned()).toEqual([]);
    await idle(1);
    expect(learned()).toEqual(['用户对花生过敏']);
    expect(app.services.memory.service.list(1, {}).items[0]!.conversation_id).toBe(conv);
    expect(app.services.idleLearn.pending()).toEqual([]);
  });

  it('a new turn before the idle time postpones learning; one timer per conversation', async () => {
    await app.dispatch('memory.settings.update', { learnIdleMinutes: 5 });
    const conv = await turn('我对花生过敏');
    await idle(4);
    await turn('再帮我想想晚饭吃什么', conv);
    expect(app.services.idleLearn.pending()).toEqual([conv]);
    await idle(4);
    expect(learnerCalls).toBe(0);
    expect(learned()).toEqual([]);
    await idle(1);
    expect(learnerCalls).toBe(1);
    expect(learned()).toEqual(['用户对花生过敏']);
  });

  it('learning off: nothing is learned', async () => {
    await app.dispatch('memory.settings.update', { learnEnabled: false });
    await turn('我对花生过敏');
    await idle(60);
    expect(learnerCalls).toBe(0);
    expect(learned()).toEqual([]);
  });

  it('turning learning off while the timer waits stops it too', async () => {
    await turn('我对花生过敏');
    await app.dispatch('memory.settings.update', { learnEnabled: false });
    await idle(15);
    expect(learnerCalls).toBe(0);
  });

  it('deleting the conversation or stopping the app clears its timer', async () => {
    const a = await turn('我对花生过敏');
    const b = await turn('我下个月搬去杭州');
    expect(app.services.idleLearn.pending().sort()).toEqual([a, b].sort());
    const del = await app.dispatch('conversation.delete', { id: a });
    expect(del.ok).toBe(true);
    expect(app.services.idleLearn.pending()).toEqual([b]);
    await app.close();
    expect(app.services.idleLearn.pending()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

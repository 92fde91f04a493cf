import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { BaseMessage } from '@langchain/core/messages';
import { MemoryLearner, type ConversationMessage } from './learner';
import { testApp, type TestApp } from '../../../tests/helpers/memory-app';

/** Scripted model: returns the given replies in order and records what it was asked. */
class ScriptedModel extends FakeListChatModel {
  seen: string[] = [];
  override async invoke(input: BaseMessage[] | string): Promise<never> {
    const msgs = Array.isArray(input) ? input : [];
    this.seen.push(msgs.map((m) => String(m.content)).join('\n'));
    return super.invoke(input) as Promise<never>;
  }
}

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(async () => {
  await t.close();
});

const talk: ConversationMessage[] = [
  { id: 1, role: 'user', content: '我下个月要搬去杭州了，最近在找房子' },
  { id: 2, role: 'assistant', content: '恭喜！需要我帮你记一下看房的提醒吗？' },
  { id: 3, role: 'user', content: '不用。对了我其实一直不太能吃辣' },
];

function learnerWith(replies: string[], model = new ScriptedModel({ responses: replies })) {
  const svc = t.app.services.memory.service;
  return {
    model,
    learner: new MemoryLearner({ db: t.app.ctx.db, memory: svc, model: () => model }),
    svc,
  };
}

describe('MemoryLearner', () => {
  it('saves the proposed memories as learned, skipping low-confidence and identity ones', async () => {
    const reply = JSON.stringify({
      memories: [
        {
          content: '用户下个月搬到杭州',
          memory_type: 'plan',
          key: 'home_city',
          importance: 4,
          confidence: 0.9,
          ttl_days: 60,
        },
        {
          content: '用户不太能吃辣',
          memory_type: '偏好',
          key: 'spicy_food',
          importance: 3,
          confidence: 0.85,
          ttl_days: null,
        },
        {
          content: '用户可能喜欢看房',
          memory_type: 'preference',
          key: 'house_hunting',
          importance: 2,
          confidence: 0.3,
          ttl_days: null,
        },
        {
          content: '叫我阿杰',
          memory_type: 'identity',
          key: 'nickname',
          importance: 5,
          confidence: 1,
          ttl_days: null,
        },
      ],
    });
    const { learner, svc, model } = learnerWith([reply]);
    const out = await learner.onConversationIdle(42, talk);
    expect(out.status).toBe('learned');
    const items = svc.list(1, {}).items;
    expect(
      items.map((i) => [i.content, i.memory_type, i.origin, i.conversation_id]).sort(),
    ).toEqual(
      [
        ['用户下个月搬到杭州', 'plan', 'learned', 42],
        ['用户不太能吃辣', 'preference', 'learned', 42],
      ].sort(),
    );
    expect(items.find((i) => i.key === 'home_city')!.ttl_days).toBe(60);
    expect(out.status === 'learned' && out.skipped).toBe(2);
    // The model saw the conversation, not a hard-coded answer.
    expect(model.seen[0]).toContain('不太能吃辣');
  });

  it('applies the same dedup rules, does not re-read the same messages, and can be undone', async () => {
    const svc = t.app.services.memory.service;
    const explicit = svc.save(
      1,
      { content: '我住在上海', key: 'home_city', memory_type: 'fact' },
      { actor: 'user' },
    );
    const reply = JSON.stringify({
      memories: [
        {
          content: '用户下个月搬到杭州',
          memory_type: 'fact',
          key: 'home_city',
          importance: 4,
          confidence: 0.9,
          ttl_days: null,
        },
      ],
    });
    const { learner, model } = learnerWith([reply, reply]);
    const first = await learner.learn(1, 42, talk);
    expect(first.status === 'learned' && first.saved[0]!.action).toBe('superseded');
    // The model was shown the existing memory so it could reuse the key.
    expect(model.seen[0]).toContain('[home_city] 我住在上海');
    expect(await learner.learn(1, 42, talk)).toEqual({ status: 'nothing_new' });
    const learnedId = first.status === 'learned' ? first.saved[0]!.row.id : 0;
    const undo = svc.undoLearned(1, learnedId, { actor: 'user' });
    expect(undo.restored?.id).toBe(explicit.row.id);
    expect(svc.list(1, {}).items.map((i) => i.content)).toEqual(['我住在上海']);
  });

  it('a repeated learned duplicate updates the existing memory without adding a twin', async () => {
    const svc = t.app.services.memory.service;
    svc.save(1, { content: '我不太能吃辣' }, { actor: 'user' });
    const reply = JSON.stringify({
      memories: [
        {
          content: '我不太能吃辣。',
          memory_type: 'preference',
          key: '',
          importance: 4,
          confidence: 0.9,
          ttl_days: null,
        },
      ],
    });
    const { learner } = learnerWith([reply]);
    const out = await learner.learn(1, 43, talk);
    expect(out.status === 'learned' && out.saved[0]!.action).toBe('updated');
    expect(svc.list(1, {}).items.map((i) => [i.content, i.origin, i.importance])).toEqual([
      ['我不太能吃辣', 'explicit', 4],
    ]);
  });

  it('respects the off switch, a missing model, and garbage output', async () => {
    const svc = t.app.services.memory.service;
    const { learner } = learnerWith(['this is not json']);
    expect((await learner.learn(1, 1, talk)).status).toBe('failed');
    svc.updateSettings({ learnEnabled: false });
    expect(await learner.learn(1, 2, talk)).toEqual({ status: 'disabled' });
    svc.updateSettings({ learnEnabled: true });
    const none = new MemoryLearner({ db: t.app.ctx.db, memory: svc, model: () => null });
    expect(await none.learn(1, 3, talk)).toEqual({ status: 'no_model' });
    expect(svc.list(1, {}).total).toBe(0);
  });
});

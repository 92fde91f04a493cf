import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/memory-app';

let t: TestApp;
const svc = () => t.app.services.memory.service;
const user = { actor: 'user' as const };
beforeEach(() => {
  t = testApp();
});
afterEach(async () => {
  await t.close();
});

describe('expiry', () => {
  it('expired memories stop being recalled and listed (fake clock)', async () => {
    svc().save(1, { content: '这周五要交季度报告', memory_type: 'plan', ttl_days: 3 }, user);
    svc().save(1, { content: '季度报告用公司模板写', memory_type: 'fact' }, user);
    await t.app.services.memory.indexer.drain();
    expect((await svc().recall(1, '季度报告', 5)).map((h) => h.content).sort()).toEqual([
      '季度报告用公司模板写',
      '这周五要交季度报告',
    ]);
    t.clock.advanceDays(3);
    expect((await svc().recall(1, '季度报告', 5)).map((h) => h.content)).toEqual([
      '季度报告用公司模板写',
    ]);
    expect(
      svc()
        .list(1, {})
        .items.map((i) => i.content),
    ).toEqual(['季度报告用公司模板写']);
    const withExpired = svc().list(1, { include_expired: true }).items;
    expect(withExpired.find((i) => i.content.startsWith('这周五'))!.expired).toBe(true);
  });
});

describe('dedup and supersede', () => {
  it('near-identical text without a key updates instead of adding a twin; a different statement is kept apart', () => {
    const a = svc().save(1, { content: 'I am allergic to peanuts' }, user);
    const b = svc().save(1, { content: 'I am allergic to peanuts.', importance: 5 }, user);
    expect(b.action).toBe('updated');
    expect(b.row.id).toBe(a.row.id);
    expect(b.row.importance).toBe(5);
    const c = svc().save(1, { content: 'I am allergic to shellfish' }, user);
    expect(c.action).toBe('created');
    expect(svc().list(1, {}).total).toBe(2);
  });

  it('a lookalike under another key is a different subject', () => {
    svc().save(1, { content: '每天早上跑步五公里', key: 'morning_routine' }, user);
    const r = svc().save(1, { content: '每天早上跑步五公里', key: 'fitness_goal' }, user);
    expect(r.action).toBe('created');
  });

  it('the same key with a contradiction supersedes; undoing a learned one restores the old', () => {
    const old = svc().save(
      1,
      { content: '我喜欢喝咖啡', key: 'drink_preference', memory_type: 'preference' },
      user,
    );
    const learned = svc().save(
      1,
      {
        content: '我最近戒了咖啡，改喝茶',
        key: 'drink_preference',
        memory_type: 'preference',
        origin: 'learned',
      },
      { actor: 'system', conversationId: 3 },
    );
    expect(learned.action).toBe('superseded');
    expect(svc().store.get(old.row.id)!.status).toBe('superseded');
    const undone = svc().undoLearned(1, learned.row.id, user);
    expect(undone.restored?.content).toBe('我喜欢喝咖啡');
    expect(svc().store.get(learned.row.id)).toBeUndefined();
    expect(
      svc()
        .list(1, {})
        .items.map((i) => [i.content, i.status]),
    ).toEqual([['我喜欢喝咖啡', 'active']]);
    expect(() => svc().undoLearned(1, old.row.id, user)).toThrow(/not a learned memory/);
  });

  it('view edits keep history and mark the vector dirty', async () => {
    const r = svc().save(1, { content: '女儿在读三年级' }, user);
    await t.app.services.memory.indexer.drain();
    const edited = svc().update(
      1,
      r.row.id,
      { content: '女儿在读四年级', importance: 4, ttl_days: 30 },
      user,
    );
    expect(edited).toMatchObject({
      content: '女儿在读四年级',
      importance: 4,
      vector_state: 'DIRTY',
      ttl_days: 30,
    });
    expect(
      svc()
        .history(1, r.row.id)
        .map((h) => [h.content, h.reason]),
    ).toEqual([['女儿在读三年级', 'edit']]);
  });
});

describe('delete and undo', () => {
  it('restores a deleted memory with its vector rebuilt; purges after the undo window', async () => {
    const r = svc().save(1, { content: '车牌号是沪A12345' }, user);
    await t.app.services.memory.indexer.drain();
    const { undo_token } = svc().delete(1, r.row.id, user);
    expect(svc().vectors.count()).toBe(0);
    expect(svc().list(1, {}).total).toBe(0);
    const back = svc().undoDelete(1, undo_token, user);
    expect(back).toMatchObject({ id: r.row.id, status: 'active', vector_state: 'DIRTY' });
    await t.app.services.memory.indexer.drain();
    expect((await svc().recall(1, '车牌号', 3))[0]?.id).toBe(r.row.id);
    expect(() => svc().undoDelete(1, undo_token, user)).toThrow(/already restored/);

    const again = svc().delete(1, r.row.id, user);
    t.clock.advanceDays(8);
    expect(svc().purgeDeleted()).toBe(1);
    expect(() => svc().undoDelete(1, again.undo_token, user)).toThrow(/purged/);
  });

  it('refuses another person’s memory like a missing one', () => {
    t.app.ctx.db.prepare("INSERT INTO users (id, nickname) VALUES (2, 'b')").run();
    const r = svc().save(2, { content: '别人的记忆' }, user);
    expect(() => svc().delete(1, r.row.id, user)).toThrow(/not found/);
    expect(svc().findTarget(1, { memory_id: r.row.id }).kind).toBe('none');
  });
});

describe('identity memories', () => {
  it('deactivateIdentityMemories retires nickname / assistant-name memories only', async () => {
    svc().save(1, { content: '叫我小王', key: 'nickname' }, user);
    svc().save(1, { content: '你的名字是小爱', memory_type: 'identity' }, user);
    svc().save(1, { content: 'Call me Captain' }, user);
    svc().save(1, { content: '我喜欢爬山' }, user);
    await t.app.services.memory.indexer.drain();
    const { ids } = svc().deactivateIdentityMemories(1);
    expect(ids).toHaveLength(3);
    expect(
      svc()
        .list(1, {})
        .items.map((i) => i.content),
    ).toEqual(['我喜欢爬山']);
    expect(svc().vectors.count()).toBe(1);
    expect((await svc().recall(1, '叫我什么', 5)).map((h) => h.content)).not.toContain('叫我小王');
  });
});

describe('profile change hook', () => {
  it('a new nickname retires only the person’s identity memories; a new assistant name only the assistant’s', async () => {
    const { deactivateOnProfileChange } = await import('./index');
    const hook = deactivateOnProfileChange(svc());
    svc().save(1, { content: '叫我小王', key: 'nickname' }, user);
    svc().save(1, { content: 'Your name is Jarvis' }, user);
    svc().save(1, { content: '我喜欢爬山' }, user);
    hook({ userId: 1, changed: ['nickname'], actor: 'agent' });
    expect(
      svc()
        .list(1, {})
        .items.map((i) => i.content)
        .sort(),
    ).toEqual(['Your name is Jarvis', '我喜欢爬山'].sort());
    hook({ userId: 1, changed: ['ai_name'], actor: 'agent' });
    expect(
      svc()
        .list(1, {})
        .items.map((i) => i.content),
    ).toEqual(['我喜欢爬山']);
    hook({ userId: 1, changed: [], actor: 'agent' });
    expect(svc().list(1, {}).total).toBe(1);
    const audit = t.app.ctx.audit.list('memory').filter((a) => a.action === 'deactivate-identity');
    expect(audit.map((a) => a.actor)).toEqual(['agent', 'agent']);
  });
});

describe('settings', () => {
  it('has an off switch for learning', () => {
    expect(svc().settings().learnEnabled).toBe(true);
    expect(svc().updateSettings({ learnEnabled: false }).learnEnabled).toBe(false);
    expect(svc().settings()).toMatchObject({
      learnEnabled: false,
      learnIdleMinutes: 10,
      recallLimit: 5,
    });
  });
});

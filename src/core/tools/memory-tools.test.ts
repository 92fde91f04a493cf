import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/memory-app';

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(async () => {
  await t.close();
});

const rows = () =>
  t.app.ctx.db
    .prepare('SELECT id, content, status, key, vector_state FROM memories ORDER BY id')
    .all() as {
    id: number;
    content: string;
    status: string;
    key: string;
    vector_state: string;
  }[];

describe('memory_save', () => {
  it('returns the reference JSON with status saved and stores a DIRTY memory', async () => {
    const r = await t.tool('memory_save', {
      content: '我喜欢无糖乌龙茶',
      memory_type: 'preference',
      importance: 4,
      ttl_days: 365,
    });
    expect(r.ok).toBe(true);
    expect(r.data).toMatchObject({
      status: 'saved',
      content: '我喜欢无糖乌龙茶',
      memory_type: 'preference',
      importance: 4,
      confidence: 1,
      ttl_days: 365,
      source_message_id: null,
      conversation_id: 7,
      action: 'created',
    });
    expect(JSON.parse(r.output).status).toBe('saved');
    expect(rows()).toEqual([
      expect.objectContaining({
        content: '我喜欢无糖乌龙茶',
        status: 'active',
        vector_state: 'DIRTY',
      }),
    ]);
    const item = t.app.services.memory.service.list(1, {}).items[0]!;
    expect(item.expires_at).toBe('2027-04-06T12:00:00+08:00');
  });

  it('refuses bad arguments and leaves the data unchanged', async () => {
    const r = await t.tool('memory_save', { content: '喜欢跑步', importance: 9 });
    expect(r.ok).toBe(false);
    expect((await t.tool('memory_save', { content: '   ' })).ok).toBe(false);
    expect(rows()).toEqual([]);
  });

  it('the same thing said again updates the memory instead of adding a twin', async () => {
    await t.tool('memory_save', { content: '我喜欢无糖乌龙茶', importance: 3 });
    const again = await t.tool('memory_save', { content: '我喜欢无糖乌龙茶！', importance: 5 });
    expect(again.data).toMatchObject({ status: 'saved', action: 'updated', importance: 5 });
    expect(rows()).toHaveLength(1);
  });

  it('a new statement under the same key supersedes the old one and keeps it as history', async () => {
    const a = await t.tool('memory_save', {
      content: '我住在上海',
      key: 'home_city',
      memory_type: 'fact',
    });
    const b = await t.tool('memory_save', {
      content: '我搬到杭州了',
      key: 'home_city',
      memory_type: 'fact',
    });
    expect(b.data).toMatchObject({
      status: 'saved',
      action: 'superseded',
      superseded_ids: [a.data.id],
    });
    expect(rows().map((r) => [r.content, r.status])).toEqual([
      ['我住在上海', 'superseded'],
      ['我搬到杭州了', 'active'],
    ]);
    const history = t.app.services.memory.service.history(1, b.data.id as number);
    expect(history.map((h) => [h.content, h.reason])).toEqual([['我住在上海', 'superseded']]);
    const list = await t.tool('memory_list', {});
    expect((list.data as unknown as { content: string }[]).map((m) => m.content)).toEqual([
      '我搬到杭州了',
    ]);
  });
});

describe('memory_append', () => {
  beforeEach(async () => {
    await t.tool('memory_save', {
      content: '喜欢喝拿铁',
      key: 'drink_preference',
      memory_type: 'preference',
    });
    await t.tool('memory_save', { content: '下午三点以后不喝咖啡', key: 'caffeine_rule' });
    await t.tool('memory_save', {
      content: 'My sister Anna lives in Berlin',
      key: 'sister',
      memory_type: 'person',
    });
  });

  it('finds the target by key and appends with the separator', async () => {
    const r = await t.tool('memory_append', {
      memory_key: 'drink_preference',
      content: '也喜欢美式',
      separator: '；',
    });
    expect(r.data).toMatchObject({
      status: 'appended',
      content: '喜欢喝拿铁；也喜欢美式',
      key: 'drink_preference',
    });
    expect(rows().find((x) => x.key === 'drink_preference')!.vector_state).toBe('DIRTY');
  });

  it('returns unchanged when the text is already there', async () => {
    const r = await t.tool('memory_append', {
      memory_key: 'drink_preference',
      content: '喜欢喝拿铁。',
    });
    expect(r.data).toMatchObject({ status: 'unchanged', content: '喜欢喝拿铁' });
    const h = t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM memory_history').get() as {
      n: number;
    };
    expect(h.n).toBe(0);
  });

  it('finds the target by id, and by an unambiguous hint', async () => {
    const id = rows().find((x) => x.key === 'sister')!.id;
    const byId = await t.tool('memory_append', { memory_id: id, content: 'she is a doctor' });
    expect(byId.data).toMatchObject({
      status: 'appended',
      id,
      content: 'My sister Anna lives in Berlin; she is a doctor',
    });
    const byHint = await t.tool('memory_append', { target_hint: '拿铁', content: '不加糖' });
    expect(byHint.data).toMatchObject({ status: 'appended', content: '喜欢喝拿铁；不加糖' });
    const fuzzy = await t.tool('memory_append', {
      target_hint: 'Anna sister',
      content: 'birthday in May',
    });
    expect(fuzzy.data).toMatchObject({ status: 'appended', id });
  });

  it('an ambiguous hint returns the candidates instead of guessing', async () => {
    const r = await t.tool('memory_append', { target_hint: '喝', content: '偶尔喝茶' });
    expect(r.data.status).toBe('ambiguous');
    const cands = r.data.candidates as { content: string }[];
    expect(cands.map((c) => c.content).sort()).toEqual(
      ['下午三点以后不喝咖啡', '喜欢喝拿铁'].sort(),
    );
    expect(rows().every((x) => !x.content.includes('偶尔喝茶'))).toBe(true);
  });

  it('says not_found for a missing key or when no target is given', async () => {
    expect((await t.tool('memory_append', { memory_key: 'nope', content: 'x' })).data.status).toBe(
      'not_found',
    );
    expect((await t.tool('memory_append', { content: 'x' })).data.status).toBe('not_found');
    expect((await t.tool('memory_append', { memory_id: 999, content: 'x' })).data.status).toBe(
      'not_found',
    );
  });
});

describe('memory_delete', () => {
  it('is destructive, deletes by key and removes the vector', async () => {
    expect(t.app.ctx.tools.get('memory_delete')!.risk).toBe('destructive');
    expect(
      t.app.ctx.tools.get('memory_delete')!.summarize!(
        { memory_key: 'drink_preference', target_hint: '' },
        'zh-CN',
      ),
    ).toContain('drink_preference');
    await t.tool('memory_save', { content: '我喜欢无糖乌龙茶', key: 'drink_preference' });
    await t.tool('memory_save', { content: '我对花生过敏', key: 'allergy' });
    await t.app.services.memory.indexer.drain();
    const vectors = t.app.services.memory.service.vectors;
    expect(vectors.count()).toBe(2);
    const r = await t.tool('memory_delete', { memory_key: 'drink_preference' });
    expect(r.data).toMatchObject({ status: 'deleted', content: '我喜欢无糖乌龙茶' });
    expect(vectors.count()).toBe(1);
    expect(rows().map((x) => x.status)).toEqual(['deleted', 'active']);
    const recalled = await t.app.services.memory.service.recall(1, '乌龙茶', 5);
    expect(recalled).toEqual([]);
  });

  it('an ambiguous hint deletes nothing and lists candidates', async () => {
    await t.tool('memory_save', { content: '周一开会', key: 'monday' });
    await t.tool('memory_save', { content: '周五开会', key: 'friday' });
    const r = await t.tool('memory_delete', { target_hint: '开会' });
    expect(r.data.status).toBe('ambiguous');
    expect((r.data.candidates as unknown[]).length).toBe(2);
    expect(rows().every((x) => x.status === 'active')).toBe(true);
    const ok = await t.tool('memory_delete', { target_hint: '周五开会' });
    expect(ok.data).toMatchObject({ status: 'deleted', content: '周五开会' });
  });
});

describe('memory_list', () => {
  it('skips expired and internal noise memories and updates last_accessed_at', async () => {
    await t.tool('memory_save', { content: '下周出差去深圳', ttl_days: 7, memory_type: 'plan' });
    await t.tool('memory_save', { content: '我对花生过敏', importance: 5 });
    await t.tool('memory_save', { content: 'learner bookkeeping', key: '__learn_cursor' });
    const first = await t.tool('memory_list', {});
    expect((first.data as unknown as { content: string }[]).map((m) => m.content)).toEqual([
      '我对花生过敏',
      '下周出差去深圳',
    ]);
    const accessed = t.app.ctx.db
      .prepare('SELECT last_accessed_at FROM memories WHERE content = ?')
      .get('我对花生过敏') as {
      last_accessed_at: number;
    };
    expect(accessed.last_accessed_at).toBe(t.clock.now());
    t.clock.advanceDays(8);
    const later = await t.tool('memory_list', { limit: 10 });
    expect((later.data as unknown as { content: string }[]).map((m) => m.content)).toEqual([
      '我对花生过敏',
    ]);
  });
});

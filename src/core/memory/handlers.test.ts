import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/memory-app';
import type { MemoryItem } from '../../shared/contract';

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(async () => {
  await t.close();
});

async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await t.app.dispatch(name, input);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

describe('memory contract operations', () => {
  it('list by type with paging and counts; search uses the recall path', async () => {
    for (const [content, memory_type] of [
      ['我喜欢无糖乌龙茶', 'preference'],
      ['我喜欢爬山', 'preference'],
      ['我对花生过敏', 'fact'],
      ['下周三去上海出差', 'plan'],
    ] as const) {
      await call('memory.create', { content, memory_type });
    }
    const page = await call<{
      items: MemoryItem[];
      total: number;
      by_type: { memory_type: string; count: number }[];
    }>('memory.list', {
      memory_type: 'preference',
      limit: 1,
      offset: 1,
    });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.by_type).toEqual([
      { memory_type: 'fact', count: 1 },
      { memory_type: 'plan', count: 1 },
      { memory_type: 'preference', count: 2 },
    ]);
    await t.app.services.memory.indexer.drain();
    const found = await call<{ items: (MemoryItem & { score: number; matched_by: string[] })[] }>(
      'memory.search',
      { query: '花生' },
    );
    expect(found.items[0]).toMatchObject({
      content: '我对花生过敏',
      matched_by: ['vector', 'keyword'],
    });
  });

  it('update, delete with undo token, undoDelete; bad input is refused with the data unchanged', async () => {
    const { item } = await call<{ item: MemoryItem }>('memory.create', {
      content: '女儿在读三年级',
      importance: 2,
    });
    expect(item.origin).toBe('manual');
    const bad = await t.app.dispatch('memory.update', { id: item.id, patch: { importance: 9 } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('VALIDATION_FAILED');
    const up = await call<MemoryItem>('memory.update', {
      id: item.id,
      patch: { content: '女儿在读四年级', ttl_days: 10 },
    });
    expect(up).toMatchObject({
      content: '女儿在读四年级',
      importance: 2,
      ttl_days: 10,
      expires_at: '2026-04-16T12:00:00+08:00',
    });
    const del = await call<{ undo_token: string }>('memory.delete', { id: item.id });
    expect((await call<{ total: number }>('memory.list', {})).total).toBe(0);
    const back = await call<MemoryItem>('memory.undoDelete', { undo_token: del.undo_token });
    expect(back.content).toBe('女儿在读四年级');
    const missing = await t.app.dispatch('memory.delete', { id: 999 });
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
    const hist = await call<{ versions: { content: string }[] }>('memory.history', { id: item.id });
    expect(hist.versions.map((v) => v.content)).toEqual(['女儿在读三年级']);
  });

  it('settings get/update and index status / reindex', async () => {
    expect(await call('memory.settings.get', {})).toEqual({
      learnEnabled: true,
      learnIdleMinutes: 10,
      recallLimit: 5,
    });
    expect(await call('memory.settings.update', { recallLimit: 8 })).toMatchObject({
      recallLimit: 8,
    });
    expect((await t.app.dispatch('memory.settings.update', { recallLimit: 0 })).ok).toBe(false);
    await call('memory.create', { content: 'parking spot B2-117' });
    expect(await call('memory.indexStatus', {})).toMatchObject({ dirty: 1, total: 0 });
    await t.app.services.memory.indexer.drain();
    expect(await call('memory.indexStatus', {})).toMatchObject({
      embedder: 'pai-hash-ngram-v1',
      dims: 384,
      dirty: 0,
      total: 1,
      vectors_loading: false,
    });
    expect(await call('memory.reindex', {})).toEqual({ started: true, total: 1 });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaiApp } from '../app';
import { createMemory } from './index';
import { HashingEmbedder, l2normalize, type Embedder } from './embedder';
import type { EventPayload } from '../../shared/contract';

/** A stand-in for a configured model: 8 dims, can be told to fail. */
class SwitchableEmbedder implements Embedder {
  calls = 0;
  failNext = 0;
  constructor(
    readonly id: string,
    readonly dims: number,
  ) {}
  async embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    }
    return texts.map((s) =>
      l2normalize(
        Float32Array.from(
          { length: this.dims },
          (_, i) => (s.charCodeAt(i % s.length) % 7) + i / 10,
        ),
      ),
    );
  }
}

let dir = '';
let app: PaiApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
  rmSync(dir, { recursive: true, force: true });
});

function setup(embedder: () => Embedder) {
  dir = mkdtempSync(join(tmpdir(), 'pai-indexer-'));
  app = createApp({ dataDir: dir, timeZone: 'Asia/Shanghai', background: false });
  const parts = createMemory(app.ctx, {
    embedder,
    indexer: { batchSize: 4, backoffMs: 10, idleMs: 20 },
  });
  const events: EventPayload<'memory.index'>[] = [];
  app.ctx.events.on('memory.index', (e) => events.push(e));
  return { ...parts, events, db: app.ctx.db };
}

describe('MemoryIndexer', () => {
  it('embeds DIRTY memories in batches and records the embedder', async () => {
    const m = setup(() => new HashingEmbedder());
    for (let i = 0; i < 10; i++)
      m.service.save(1, { content: `第${i}条记忆 memory number ${i}` }, { actor: 'user' });
    expect(m.indexer.dirtyCount()).toBe(10);
    expect(await m.indexer.runOnce()).toBe(true); // first batch of 4
    expect(m.indexer.dirtyCount()).toBe(6);
    await m.indexer.drain();
    expect(m.indexer.dirtyCount()).toBe(0);
    expect(m.service.vectors.count()).toBe(10);
    expect(m.service.vectors.embedderId).toBe('pai-hash-ngram-v1');
    expect(m.service.vectors.dims).toBe(384);
  });

  it('changing the embedder (model and dimension) re-indexes everything with progress events', async () => {
    let current: Embedder = new HashingEmbedder();
    const m = setup(() => current);
    for (let i = 0; i < 6; i++)
      m.service.save(1, { content: `note ${i} about topic ${i * 7}` }, { actor: 'user' });
    await m.indexer.drain();
    m.events.length = 0;
    current = new SwitchableEmbedder('remote:test-embed-8', 8);
    await m.indexer.drain();
    expect(m.service.vectors.embedderId).toBe('remote:test-embed-8');
    expect(m.service.vectors.dims).toBe(8);
    expect(m.service.vectors.count()).toBe(6);
    expect(m.events[0]).toMatchObject({
      embedder: 'remote:test-embed-8',
      done: 0,
      total: 6,
      finished: false,
    });
    expect(m.events.at(-1)).toMatchObject({ done: 6, total: 6, finished: true, error: null });
    expect(m.events.map((e) => e.done)).toEqual([0, 4, 6, 6]);
    // Recall now embeds the query with the new model.
    const hits = await m.service.recall(1, 'note 3 about topic 21', 3);
    expect(hits[0]?.content).toBe('note 3 about topic 21');
    expect(hits[0]?.matched_by).toContain('vector');
  });

  it('an explicit reindex rebuilds with the same embedder', async () => {
    const m = setup(() => new HashingEmbedder());
    m.service.save(1, { content: '我对花生过敏' }, { actor: 'user' });
    await m.indexer.drain();
    m.events.length = 0;
    expect(m.indexer.requestReindex()).toBe(1);
    await m.indexer.drain();
    expect(m.events.at(-1)).toMatchObject({ done: 1, total: 1, finished: true });
    expect(m.service.vectors.count()).toBe(1);
  });

  it('a failing endpoint leaves memories DIRTY with the error, backs off, and recovers; keyword recall keeps working', async () => {
    const emb = new SwitchableEmbedder('remote:flaky', 8);
    const m = setup(() => emb);
    m.service.save(1, { content: 'parking spot is B2-117' }, { actor: 'user' });
    await m.indexer.drain(); // probe + index
    m.service.save(1, { content: 'gym locker code is hidden in notes' }, { actor: 'user' });
    emb.failNext = 2;
    await expect(m.indexer.runOnce()).rejects.toThrow(/ECONNREFUSED/);
    const row = m.db
      .prepare(
        "SELECT vector_state, index_attempts, index_error FROM memories WHERE content LIKE 'gym%'",
      )
      .get();
    expect(row).toEqual({
      vector_state: 'DIRTY',
      index_attempts: 1,
      index_error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    expect(m.indexer.lastError).toMatch(/ECONNREFUSED/);
    // Query embedding fails too: recall falls back to keywords.
    const hits = await m.service.recall(1, 'gym locker', 3);
    expect(hits.map((h) => h.content)).toEqual(['gym locker code is hidden in notes']);
    // The background loop retries with backoff and succeeds.
    m.indexer.start();
    const until = Date.now() + 5_000;
    while (m.indexer.dirtyCount() > 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    m.indexer.stop();
    expect(m.indexer.dirtyCount()).toBe(0);
    expect(m.indexer.lastError).toBeNull();
  });

  it('a memory edited while its batch was embedding stays DIRTY for the next pass', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const inner = new HashingEmbedder();
    const slow: Embedder = {
      id: inner.id,
      dims: inner.dims,
      async embed(texts) {
        await gate;
        return inner.embed(texts);
      },
    };
    const m = setup(() => slow);
    const r = m.service.save(1, { content: '原来的内容' }, { actor: 'user' });
    const pass = m.indexer.runOnce();
    await new Promise((res) => setTimeout(res, 10));
    m.service.update(1, r.row.id, { content: '改过的内容' }, { actor: 'user' });
    release();
    await pass;
    expect(m.indexer.dirtyCount()).toBe(1);
    await m.indexer.drain();
    expect(m.indexer.dirtyCount()).toBe(0);
  });
});

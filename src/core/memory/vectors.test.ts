import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';
import { testApp, type TestApp } from '../../../tests/helpers/memory-app';
import { VectorStore, type VectorStoreOptions } from './vectors';
import { HashingEmbedder, l2normalize } from './embedder';
import { recall } from './recall';
import type { Db } from '../db/connection';

// The loader is exercised with tiny fixed chunks so that 60 memories take many
// slices, and writes can be made between slices (onChunk).
const CHUNKED: VectorStoreOptions = { chunkRows: 5, sliceMs: null, syncLoadBelow: 0 };
const TOPICS = ['咖啡', '花生', '跑步', 'chess', 'piano', '猫', 'travel', '会议', 'tea', '医生'];

let t: TestApp;
let db: Db;
const emb = new HashingEmbedder();

beforeEach(async () => {
  t = testApp();
  db = t.app.ctx.db;
  const svc = t.app.services.memory.service;
  for (let i = 0; i < 60; i++)
    svc.save(
      1,
      {
        content: `记忆${i}: 关于${TOPICS[i % 10]}的第${i}件事 note ${i} about ${TOPICS[(i * 3) % 10]}`,
      },
      { actor: 'user' },
    );
  await t.app.services.memory.indexer.drain();
});
afterEach(async () => {
  await t.close();
});

const queries = async () =>
  emb.embed(['我喜欢喝咖啡', 'playing chess and piano', '花生过敏', '会议 travel', '猫和医生']);
const ids = (hits: { id: number }[] | null) => (hits ?? []).map((h) => h.id);
const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
const vecIds = (): number[] =>
  (db.prepare('SELECT id FROM memories ORDER BY id').all() as { id: number }[])
    .map((r) => r.id)
    .filter((id) => t.app.services.memory.service.vectors.has(id));
const compactIds = (): number[] =>
  (
    db.prepare('SELECT memory_id AS id FROM memory_ann ORDER BY memory_id').all() as {
      id: number;
    }[]
  ).map((r) => r.id);

/** Makes the database look like one from before memory_ann: vectors in vec0 only. */
function dropCompact(): void {
  db.exec('DELETE FROM memory_ann');
  db.exec("DELETE FROM memory_index_meta WHERE key IN ('ann_format', 'ann_complete')");
}

describe('VectorStore load', () => {
  it('after a restart the copy loaded from memory_ann gives the same top-k as before, nothing recomputed', async () => {
    const live = t.app.services.memory.service.vectors;
    const before = await Promise.all((await queries()).map((q) => live.search(q, 10)));
    expect(count('SELECT COUNT(*) AS n FROM memory_ann')).toBe(60);

    const restarted = new VectorStore(db, CHUNKED);
    const qs = await queries();
    expect(restarted.search(qs[0]!, 10)).toBeNull(); // not loaded yet: no partial answer
    const stats = await restarted.load();
    expect(stats).toMatchObject({ rows: 60, backfilled: 0 });
    expect(stats.chunks).toBeGreaterThan(10);
    qs.forEach((q, i) => {
      expect(restarted.search(q, 10)).toEqual(before[i]);
      expect(before[i]!.length).toBe(10);
    });
  });

  it('an old database without compact rows gets them built once, and recall works with vectors', async () => {
    const live = t.app.services.memory.service.vectors;
    const qs = await queries();
    const before = qs.map((q) => ids(live.search(q, 10)));
    dropCompact();

    const old = new VectorStore(db, CHUNKED);
    const stats = await old.load();
    expect(stats).toMatchObject({ rows: 60, backfilled: 60 });
    expect(compactIds()).toEqual(vecIds());
    expect(old.meta('ann_complete')).toBe('1');
    qs.forEach((q, i) => expect(ids(old.search(q, 10))).toEqual(before[i]));

    const store = t.app.services.memory.service.store;
    const hits = await recall(
      { store, vectors: old, embedder: emb },
      1,
      '我喜欢喝咖啡',
      5,
      t.clock.now(),
      { touch: false },
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.matchedBy).toContain('vector');
    expect(hits[0]!.row.content).toContain('咖啡');

    // The next start reads the rows written back: nothing left to compute.
    const again = await new VectorStore(db, CHUNKED).load();
    expect(again).toMatchObject({ rows: 60, backfilled: 0 });
  });

  it('adds, replacements and removals made between load chunks end up exactly as in the tables', async () => {
    const all = vecIds();
    const [early, late, replaced] = [all[2]!, all[55]!, all[50]!];
    const added = 10_000;
    const newVec = (await emb.embed(['全新的记忆 brand new memory']))[0]!;
    const replacedVec = (await emb.embed(['替换后的内容 replaced content']))[0]!;
    let step = 0;
    const v: VectorStore = new VectorStore(db, {
      ...CHUNKED,
      onChunk: () => {
        if (++step !== 3) return; // 15 of 60 loaded
        db.transaction(() => {
          v.remove(early); // already in the copy
          v.remove(late); // not yet read
          v.put(replaced, replacedVec); // not yet read, new vector
          v.put(added, newVec); // beyond the last id
        })();
      },
    });
    await v.load();
    expect(step).toBeGreaterThan(3);
    expect(compactIds()).toEqual(
      vecIds()
        .concat(added)
        .filter((id) => id !== early && id !== late)
        .sort((a, b) => a - b),
    );
    const inCopy = ids(v.search(newVec, 100));
    expect(inCopy).not.toContain(early);
    expect(inCopy).not.toContain(late);
    expect(inCopy).toHaveLength(59);
    expect(ids(v.search(newVec, 1))).toEqual([added]);
    expect(v.search(replacedVec, 1)![0]).toMatchObject({ id: replaced });
    expect(v.search(replacedVec, 1)![0]!.score).toBeGreaterThan(0.98);

    // Same answers as a copy loaded afresh from the tables.
    const fresh = new VectorStore(db, CHUNKED);
    await fresh.load();
    for (const q of await queries()) expect(v.search(q, 10)).toEqual(fresh.search(q, 10));
  });

  it('writes during the one-time build from vec0 are neither lost nor revived', async () => {
    dropCompact();
    const all = vecIds();
    const [gone, changed] = [all[40]!, all[45]!];
    const changedVec = (await emb.embed(['换了一个向量 another vector']))[0]!;
    let step = 0;
    const v: VectorStore = new VectorStore(db, {
      ...CHUNKED,
      onChunk: () => {
        if (++step !== 4) return; // the build from vec0 is under way (chunk 1 read no compact rows)
        expect(v.loadingCopy).toBe(true);
        db.transaction(() => {
          v.remove(gone);
          v.put(changed, changedVec);
        })();
      },
    });
    const stats = await v.load();
    expect(stats.backfilled).toBe(58); // 60 minus the removed one and the one written by put
    expect(compactIds()).toEqual(all.filter((id) => id !== gone));
    expect(ids(v.search(changedVec, 100))).not.toContain(gone);
    expect(ids(v.search(changedVec, 1))).toEqual([changed]);
  });

  it('recall during the load answers from keywords, and from vectors once the copy is complete', async () => {
    const v = new VectorStore(db, CHUNKED);
    const deps = { store: t.app.services.memory.service.store, vectors: v, embedder: emb };
    const loading = v.load();
    const during = await recall(deps, 1, '咖啡', 5, t.clock.now(), { touch: false });
    expect(v.loadingCopy).toBe(true);
    expect(during.length).toBeGreaterThan(0);
    for (const h of during) {
      expect(h.matchedBy).toEqual(['keyword']);
      expect(h.row.content).toContain('咖啡');
    }
    await loading;
    expect(v.loadingCopy).toBe(false);
    const after = await recall(deps, 1, '咖啡', 5, t.clock.now(), { touch: false });
    expect(after[0]!.matchedBy).toEqual(['vector', 'keyword']);
  });

  it('the first search on a large table starts the chunked load instead of blocking, a small one loads at once', async () => {
    const q = (await queries())[0]!;
    const big = new VectorStore(db, { syncLoadBelow: 10 });
    expect(big.search(q, 5)).toBeNull();
    await big.load();
    expect(big.search(q, 5)).toHaveLength(5);

    const small = new VectorStore(db, { syncLoadBelow: 100 });
    expect(small.search(q, 5)).toHaveLength(5);
  });

  it('an embedder switch during a load empties both tables and the copy stays consistent', async () => {
    let resetDone = false;
    const v: VectorStore = new VectorStore(db, {
      ...CHUNKED,
      onChunk: () => {
        if (resetDone) return;
        resetDone = true;
        v.reset('other-embedder', 16);
      },
    });
    await v.load();
    expect(count('SELECT COUNT(*) AS n FROM memory_ann')).toBe(0);
    expect(v.loadingCopy).toBe(false);
    expect(v.search(new Float32Array(16).fill(0.25), 5)).toEqual([]);
    const one = new Float32Array(16);
    one[3] = 1;
    v.put(1, one);
    expect(ids(v.search(one, 5))).toEqual([1]);
  });
});

describe('a database written before migration 31', () => {
  it('migrates, then the first load builds the compact rows from vec0 and search matches exact search', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pai-oldvec-'));
    const old = openDatabase(join(dir, 'pai.db'));
    try {
      // Schema and vectors as the app wrote them before memory_ann existed.
      migrate(
        old,
        MIGRATIONS.filter((m) => m.version <= 30),
      );
      old.exec(
        'CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[8] distance_metric=cosine)',
      );
      old.exec(
        "INSERT INTO memory_index_meta (key, value) VALUES ('embedder_id', 'old-8'), ('dims', '8')",
      );
      const vecs = new Map<number, Float32Array>();
      for (let id = 1; id <= 40; id++) {
        const v = l2normalize(Float32Array.from({ length: 8 }, (_, i) => Math.sin(id * (i + 1))));
        vecs.set(id, v);
        old
          .prepare(
            "INSERT INTO memories (id, user_id, content, vector_state, created_at, updated_at) VALUES (?, 1, ?, 'INDEXED', 0, 0)",
          )
          .run(id, `m${id}`);
        old.prepare('INSERT INTO memory_vec (rowid, embedding) VALUES (?, ?)').run(BigInt(id), v);
      }
      expect(migrate(old).applied).toContain(31);

      const v = new VectorStore(old, CHUNKED);
      expect(await v.load()).toMatchObject({ rows: 40, backfilled: 40 });
      expect((old.prepare('SELECT COUNT(*) AS n FROM memory_ann').get() as { n: number }).n).toBe(
        40,
      );
      for (const q of [vecs.get(3)!, vecs.get(17)!, vecs.get(40)!]) {
        const exact = v.searchVec0(q, 5).map((h) => h.id);
        expect(ids(v.search(q, 5))).toEqual(exact);
      }
    } finally {
      old.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

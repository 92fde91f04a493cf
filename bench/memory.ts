// Memory recall at 100,000 vectors of 384 dims, three ways in one run:
//   vec0      — sqlite-vec's exact KNN (`embedding MATCH ? AND k = 10`, brute force in C)
//   js_brute  — exact brute force in JavaScript over one Float32Array (the baseline)
//   pai       — Pai's vector path: 512-bit SimHash Hamming scan over all rows,
//               int8 re-rank of the best 256 (src/core/memory/ann.ts)
// plus the start-up load of Pai's in-memory copy: from the compact table memory_ann
// (every start) and from vec0 (once, for databases from before memory_ann), both
// chunked; `*_longest_block_ms` is the longest the event loop was blocked meanwhile.
//   pai_recall — MemoryService.recall end to end (query embedding lookup, ANN, FTS5,
//               SQL filter of active/unexpired rows, importance/recency weighting)
// recall@10 is measured against the exact top 10 (float64 dot products).
//
// Data: synthetic, clustered like real embeddings — 1,000 random unit centres, each
// vector = centre + Gaussian noise of norm ≈ 0.6, normalised; a query is a stored
// vector plus noise of norm ≈ 0.3. On structureless uniform-random vectors the
// nearest neighbours are barely nearer than anything else and any 1-bit
// quantisation loses recall; that case is measured too (`pai_uniform_recall_at_10`).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/core/db/connection';
import { migrate } from '../src/core/db/migrate';
import { VectorStore } from '../src/core/memory/vectors';
import { AnnIndex } from '../src/core/memory/ann';
import { MemoryService } from '../src/core/memory/service';
import { AuditService } from '../src/core/audit/service';
import { EventBus } from '../src/core/events';
import { SettingsService } from '../src/core/settings/service';
import type { Embedder } from '../src/core/memory/embedder';

const N = 100_000;
const D = 384;
const K = 10;
const CENTRES = 1_000;

interface Figure {
  value: number;
  unit: string;
  goal?: string;
  pass?: boolean;
}
const fig = (value: number, unit: string, goal?: { max?: number; min?: number }): Figure => {
  const v = Number(value.toPrecision(4));
  if (!goal) return { value: v, unit };
  const pass =
    (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min);
  return {
    value: v,
    unit,
    goal: goal.max !== undefined ? `≤ ${goal.max} ${unit}` : `≥ ${goal.min} ${unit}`,
    pass,
  };
};

function rng(seed: number) {
  let s = seed >>> 0;
  const u = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  // Gaussian by Box–Muller, two at a time.
  let spare: number | null = null;
  const g = () => {
    if (spare !== null) {
      const v = spare;
      spare = null;
      return v;
    }
    const r = Math.sqrt(-2 * Math.log(u()));
    const a = 2 * Math.PI * u();
    spare = r * Math.sin(a);
    return r * Math.cos(a);
  };
  return { u, g };
}

function normalizeInto(a: Float32Array, off: number): void {
  let n = 0;
  for (let j = 0; j < D; j++) n += a[off + j]! * a[off + j]!;
  n = 1 / Math.sqrt(n);
  for (let j = 0; j < D; j++) a[off + j]! *= n;
}

function makeData(
  clustered: boolean,
  seed: number,
): { all: Float32Array; queries: Float32Array[] } {
  const { u, g } = rng(seed);
  const all = new Float32Array(N * D);
  const centres = new Float32Array(CENTRES * D);
  for (let c = 0; c < CENTRES; c++) {
    for (let j = 0; j < D; j++) centres[c * D + j] = g();
    normalizeInto(centres, c * D);
  }
  const noise = 0.6 / Math.sqrt(D);
  for (let i = 0; i < N; i++) {
    const c = Math.floor(u() * CENTRES) * D;
    for (let j = 0; j < D; j++) all[i * D + j] = clustered ? centres[c + j]! + noise * g() : g();
    normalizeInto(all, i * D);
  }
  const queries: Float32Array[] = [];
  for (let q = 0; q < 200; q++) {
    const base = Math.floor(u() * N) * D;
    const v = new Float32Array(D);
    for (let j = 0; j < D; j++)
      v[j] = clustered ? all[base + j]! + (0.3 / Math.sqrt(D)) * g() : g();
    normalizeInto(v, 0);
    queries.push(v);
  }
  return { all, queries };
}

/** Exact top-k by dot product over the flat array (the JS baseline, also the ground truth). */
function bruteForce(all: Float32Array, q: Float32Array, k: number): number[] {
  const best: { id: number; s: number }[] = [];
  let floor = -Infinity;
  for (let i = 0, off = 0; i < N; i++, off += D) {
    let s = 0;
    for (let j = 0; j < D; j++) s += all[off + j]! * q[j]!;
    if (best.length < k || s > floor) {
      best.push({ id: i + 1, s });
      best.sort((a, b) => b.s - a.s);
      if (best.length > k) best.pop();
      floor = best[best.length - 1]!.s;
    }
  }
  return best.map((b) => b.id);
}

/**
 * Longest gap between two turns of a setImmediate chain until the returned stop
 * function is called: how long the event loop was blocked at most.
 */
function blockProbe(): () => number {
  let last = performance.now();
  let max = 0;
  let on = true;
  const tick = () => {
    const t = performance.now();
    max = Math.max(max, t - last);
    last = t;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    on = false;
    return max;
  };
}

function stats(ms: number[]): { p50: number; p95: number; min: number } {
  const s = [...ms].sort((a, b) => a - b);
  return {
    p50: s[Math.floor(s.length * 0.5)]!,
    p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!,
    min: s[0]!,
  };
}

function measure(queries: Float32Array[], truth: number[][], fn: (q: Float32Array) => number[]) {
  fn(queries[0]!); // warm-up
  const ms: number[] = [];
  let rec = 0;
  queries.forEach((q, i) => {
    const t0 = performance.now();
    const got = fn(q);
    ms.push(performance.now() - t0);
    const want = new Set(truth[i]);
    rec += got.slice(0, K).filter((id) => want.has(id)).length / K;
  });
  return { ...stats(ms), recall: rec / queries.length };
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pai-bench-memory-'));
  let db = openDatabase(join(dir, 'pai.db'));
  try {
    migrate(db);
    let t0 = performance.now();
    const { all, queries } = makeData(true, 20261130);
    const genMs = performance.now() - t0;
    const slow = queries.slice(0, 40); // vec0 and JS brute force take ~0.1 s per query
    const truth = queries.map((q) => bruteForce(all, q, K));

    // Rows + FTS + vec0 through the same tables the app uses.
    t0 = performance.now();
    let vectors = new VectorStore(db);
    vectors.reset('bench-synthetic-384', D);
    const now = Date.parse('2026-11-30T00:00:00Z');
    const insRow = db.prepare(
      `INSERT INTO memories (id, user_id, content, memory_type, importance, created_at, updated_at, vector_state) VALUES (?, 1, ?, 'fact', ?, ?, ?, 'INDEXED')`,
    );
    const insFts = db.prepare('INSERT INTO memories_fts (rowid, terms) VALUES (?, ?)');
    db.transaction(() => {
      for (let i = 1; i <= N; i++) {
        // Equal importance and age: the weighting then keeps cosine order, so recall@10 is comparable.
        insRow.run(i, `synthetic memory ${i}`, 3, now, now);
        insFts.run(i, `synthetic memory m${i}`);
        vectors.put(i, all.subarray((i - 1) * D, i * D));
      }
    })();
    const loadMs = performance.now() - t0;

    // A restart: closing checkpoints the WAL, as when the app quits; the loads below
    // then read the database file as a start of the app would.
    db.close();
    db = openDatabase(join(dir, 'pai.db'));
    vectors = new VectorStore(db);

    // Start of the app: Pai's in-memory copy loads from the compact table (memory_ann)
    // in chunks; the probe records the longest stretch the event loop was blocked.
    const fresh = new VectorStore(db);
    let probe = blockProbe();
    const compactLoad = await fresh.load();
    const compactBlockMs = probe();

    // One-time upgrade of a database from before memory_ann: no compact rows, so the
    // loader reads each vector from vec0, hashes it and writes the compact row back
    // (the old synchronous load did the reading and hashing on every start).
    db.exec('DELETE FROM memory_ann');
    db.prepare("DELETE FROM memory_index_meta WHERE key = 'ann_complete'").run();
    // Restart again, so the deletes above are checkpointed into the file (as an old
    // database is found at start) instead of by the upgrade's first commit.
    db.close();
    db = openDatabase(join(dir, 'pai.db'));
    vectors = new VectorStore(db);
    const upgraded = new VectorStore(db);
    probe = blockProbe();
    const upgradeLoad = await upgraded.load();
    const upgradeBlockMs = probe();
    const upgradedSame =
      upgraded
        .search(queries[0]!, K)!
        .map((h) => h.id)
        .join() ===
      fresh
        .search(queries[0]!, K)!
        .map((h) => h.id)
        .join();

    const vec0 = measure(slow, truth, (q) => vectors.searchVec0(q, K).map((h) => h.id));
    const js = measure(slow, truth, (q) => bruteForce(all, q, K));
    const pai = measure(queries, truth, (q) => fresh.search(q, K)!.map((h) => h.id));

    // End to end through MemoryService.recall (text query → embedding lookup → ANN ∪ FTS → SQL → weighting).
    const byText = new Map(queries.map((q, i) => [`query ${i}`, q]));
    const embedder: Embedder = {
      id: 'bench-synthetic-384',
      dims: D,
      embed: async (texts) => texts.map((t) => byText.get(t)!),
    };
    const settings = new SettingsService(db, {
      locale: 'en',
      timeZone: 'UTC',
      currency: 'CNY',
      categories: [],
    });
    const svc = new MemoryService({
      db,
      clock: { now: () => now },
      audit: new AuditService(db),
      events: new EventBus(),
      settings,
      timeZone: () => 'UTC',
      embedder: () => embedder,
    });
    // The upgraded copy (same top 10 as `fresh`, checked above) is on the open connection.
    (svc as unknown as { vectors: VectorStore }).vectors = upgraded;
    const e2eMs: number[] = [];
    let e2eRec = 0;
    for (let i = 0; i < queries.length; i++) {
      const s = performance.now();
      const hits = await svc.recall(1, `query ${i}`, K, { touch: false, minRelevance: 0 });
      e2eMs.push(performance.now() - s);
      const want = new Set(truth[i]);
      e2eRec += hits.filter((h) => want.has(h.id)).length / K;
    }
    const e2e = { ...stats(e2eMs), recall: e2eRec / queries.length };

    // The same ANN on structureless uniform-random vectors (worst case for 1-bit codes).
    const uni = makeData(false, 7);
    const uniIdx = new AnnIndex(D);
    for (let i = 0; i < N; i++) uniIdx.add(i + 1, uni.all.subarray(i * D, (i + 1) * D));
    const uniTruth = uni.queries.slice(0, 40).map((q) => bruteForce(uni.all, q, K));
    const uniPai = measure(uni.queries.slice(0, 40), uniTruth, (q) =>
      uniIdx.search(q, K).map((h) => h.id),
    );

    return {
      vectors: fig(N, 'rows'),
      dims: fig(D, 'dims'),
      data_generation_ms: fig(genMs, 'ms'),
      insert_rows_fts_vec0_ms: fig(loadMs, 'ms'),
      // Full chunked load of the in-memory copy from memory_ann (every start).
      pai_load_compact_ms: fig(compactLoad.ms, 'ms', { max: 1000 }),
      pai_load_longest_block_ms: fig(compactBlockMs, 'ms', { max: 50 }),
      pai_load_longest_chunk_ms: fig(compactLoad.longestChunkMs, 'ms'),
      pai_load_chunks: fig(compactLoad.chunks, 'chunks'),
      // Once per database from before memory_ann: read from vec0, hash, write back, chunked.
      pai_cold_load_from_vec0_ms: fig(upgradeLoad.ms, 'ms'),
      pai_cold_load_from_vec0_longest_block_ms: fig(upgradeBlockMs, 'ms', { max: 50 }),
      pai_cold_load_from_vec0_longest_chunk_ms: fig(upgradeLoad.longestChunkMs, 'ms'),
      pai_cold_load_from_vec0_chunks: fig(upgradeLoad.chunks, 'chunks'),
      pai_cold_load_from_vec0_rows_backfilled: fig(upgradeLoad.backfilled, 'rows'),
      pai_cold_load_same_top10: fig(upgradedSame ? 1 : 0, 'bool', { min: 1 }),
      vec0_knn_p50_ms: fig(vec0.p50, 'ms'),
      vec0_knn_p95_ms: fig(vec0.p95, 'ms'),
      vec0_knn_recall_at_10: fig(vec0.recall, 'ratio'),
      js_brute_p50_ms: fig(js.p50, 'ms'),
      js_brute_p95_ms: fig(js.p95, 'ms'),
      js_brute_recall_at_10: fig(js.recall, 'ratio'),
      pai_ann_p50_ms: fig(pai.p50, 'ms', { max: 8 }),
      pai_ann_p95_ms: fig(pai.p95, 'ms'),
      pai_ann_min_ms: fig(pai.min, 'ms'),
      pai_ann_recall_at_10: fig(pai.recall, 'ratio', { min: 0.95 }),
      // Ratios survive a loaded machine better than absolute times.
      pai_ann_speedup_vs_js_brute_p50: fig(js.p50 / pai.p50, 'x'),
      pai_ann_speedup_vs_vec0_p50: fig(vec0.p50 / pai.p50, 'x'),
      pai_recall_e2e_p50_ms: fig(e2e.p50, 'ms'),
      pai_recall_e2e_p95_ms: fig(e2e.p95, 'ms'),
      pai_recall_e2e_recall_at_10: fig(e2e.recall, 'ratio'),
      pai_uniform_p50_ms: fig(uniPai.p50, 'ms'),
      pai_uniform_recall_at_10: fig(uniPai.recall, 'ratio'),
      queries: fig(queries.length, 'queries (vec0/js: 40)'),
      // Timings are wall-clock on a shared machine; read them with its load.
      loadavg_1m_at_end: fig(loadavg()[0]!, 'load'),
      cpus: fig(cpus().length, 'cpus'),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/memory.ts` runs this suite alone and writes bench/results/memory.json.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await run();
  console.table(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v])));
  const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'memory.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ran_at: new Date().toISOString(), figures }, null, 2)}\n`);
  console.log(`wrote ${out}`);
}

import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import { AnnIndex, ANN_CODE_BYTES, ANN_FORMAT, type AnnCompact, type AnnHit } from './ann';

const TABLE = 'memory_vec';
const COMPACT = 'memory_ann';

export interface VectorStoreOptions {
  /** Rows in the first load chunk (later ones adapt to `sliceMs`); small, the JIT is cold. */
  chunkRows?: number;
  /** Target length of one synchronous load slice; null = fixed `chunkRows`. */
  sliceMs?: number | null;
  /** A complete compact table up to this many rows loads synchronously on first search. */
  syncLoadBelow?: number;
  /** Called after every load chunk (tests interleave writes here). */
  onChunk?: (loaded: number) => void;
}

export interface LoadStats {
  /** Vectors in the copy when the load finished. */
  rows: number;
  /** Compact rows computed from vec0 (databases from before memory_ann). */
  backfilled: number;
  chunks: number;
  /** Longest synchronous chunk, ms (the event loop was blocked this long at most by the loader). */
  longestChunkMs: number;
  ms: number;
}

const YIELD = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * Runs `fn` in a transaction committed with synchronous=NORMAL, then restores the
 * connection's setting (nothing else can run in between: it is all synchronous).
 * Only for rows that can be recomputed: in WAL mode NORMAL never corrupts, a power
 * cut can only lose the last commits, and the next FULL commit (ann_complete)
 * makes them durable in order. Saves an fsync per slice of the one-time build
 * (8.7 s → 4.9 s for 100k rows here, and shorter slices).
 */
function withoutCommitSync(db: Db, fn: () => void): void {
  const sync = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    db.transaction(fn)();
  } finally {
    db.pragma(`synchronous = ${sync}`);
  }
}

/**
 * The vec0 table (truth for vectors, keyed by memory id), the compact table
 * memory_ann (SimHash code + int8 copy per vector, written in the same
 * transaction), and the in-memory ANN copy used for search. Which embedder filled
 * them is recorded in memory_index_meta; a different embedder means both are
 * emptied and rebuilt.
 *
 * The in-memory copy is loaded from memory_ann in chunks between which the event
 * loop runs (a 100k copy is ~40 MB of blobs). Until the copy is complete `search`
 * returns null rather than a partial answer, and recall falls back to keywords.
 * Writes during the load go to the tables and to the partial copy at once; every
 * chunk reads the tables as they are at that moment, so nothing is lost or revived.
 */
export class VectorStore {
  /** The copy: complete when `ready`, else being loaded (or null: not started). */
  private ann: AnnIndex | null = null;
  private ready = false;
  private loading: Promise<LoadStats> | null = null;
  /** Bumped by reset/stop: a running load of an older generation stops. */
  private gen = 0;
  private formatChecked = false;
  /** Computes compact forms when there is no copy in memory yet. */
  private encoder: AnnIndex | null = null;

  /** Index facts read on every recall (which embedder, dims), kept prepared. */
  private readonly sql: Statements;

  constructor(
    private readonly db: Db,
    private readonly opts: VectorStoreOptions = {},
  ) {
    this.sql = new Statements(db);
  }

  meta(key: string): string | null {
    const r = this.sql.get('SELECT value FROM memory_index_meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return r?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.sql
      .get(
        'INSERT INTO memory_index_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  private dropMeta(key: string): void {
    this.sql.get('DELETE FROM memory_index_meta WHERE key = ?').run(key);
  }

  get embedderId(): string | null {
    return this.meta('embedder_id');
  }

  get dims(): number | null {
    const d = this.meta('dims');
    return d === null ? null : Number(d);
  }

  /** True while a chunked load of the in-memory copy runs (search answers null meanwhile). */
  get loadingCopy(): boolean {
    return this.loading !== null;
  }

  /** Drops every vector and records the new embedder; all memories become DIRTY. */
  reset(embedderId: string, dims: number): void {
    if (!Number.isInteger(dims) || dims < 1 || dims > 8192)
      throw new Error(`bad embedding dimension ${dims}`);
    this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${TABLE}`);
      this.db.exec(
        `CREATE VIRTUAL TABLE ${TABLE} USING vec0(embedding float[${dims}] distance_metric=cosine)`,
      );
      // DELETE without WHERE truncates; the table's schema stays in its migration.
      this.db.exec(`DELETE FROM ${COMPACT}`);
      this.setMeta('embedder_id', embedderId);
      this.setMeta('dims', String(dims));
      this.setMeta('ann_format', ANN_FORMAT);
      this.setMeta('ann_complete', '1');
      this.db
        .prepare(
          "UPDATE memories SET vector_state = 'DIRTY', index_attempts = 0, index_error = NULL",
        )
        .run();
    })();
    this.gen++;
    this.loading = null;
    this.formatChecked = true;
    this.ann = new AnnIndex(dims);
    this.ready = true;
  }

  /**
   * False when memory_index_meta names an embedder but the vec0 table is missing
   * (an imported data folder: vectors are not exported). The indexer rebuilds then.
   */
  get hasVectorTable(): boolean {
    return this.tableExists();
  }

  private tableExists(): boolean {
    return !!this.db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(TABLE);
  }

  /**
   * Compact rows of another format (an older hashing rule) are thrown away once,
   * and the loader recomputes them from vec0.
   */
  private ensureFormat(): void {
    if (this.formatChecked) return;
    const f = this.meta('ann_format');
    if (f !== ANN_FORMAT) {
      this.db.transaction(() => {
        if (f !== null) {
          this.db.exec(`DELETE FROM ${COMPACT}`);
          this.dropMeta('ann_complete');
        }
        this.setMeta('ann_format', ANN_FORMAT);
      })();
    }
    this.formatChecked = true;
  }

  private writeCompact(id: number, c: AnnCompact): void {
    this.db
      .prepare(
        `INSERT INTO ${COMPACT} (memory_id, code, q8, scale) VALUES (?, ?, ?, ?) ON CONFLICT(memory_id) DO UPDATE SET code = excluded.code, q8 = excluded.q8, scale = excluded.scale`,
      )
      .run(id, c.code, c.q8, c.scale);
  }

  /** Writes a vector (replacing the old one): vec0 row and compact row, in the caller's transaction. */
  put(id: number, v: Float32Array): void {
    const dims = this.dims;
    if (dims === null || v.length !== dims)
      throw new Error(`vector has ${v.length} dims, index has ${dims}`);
    this.ensureFormat();
    if (!this.ann && this.encoder?.dims !== dims) this.encoder = new AnnIndex(dims);
    const c = (this.ann ?? this.encoder!).compact(v);
    // Both rows or neither (a savepoint when the caller has a transaction open).
    this.db.transaction(() => {
      this.db.prepare(`DELETE FROM ${TABLE} WHERE rowid = ?`).run(BigInt(id));
      this.db.prepare(`INSERT INTO ${TABLE} (rowid, embedding) VALUES (?, ?)`).run(BigInt(id), v);
      this.writeCompact(id, c);
    })();
    this.ann?.addCompact(id, c);
  }

  remove(id: number): void {
    if (!this.tableExists()) return;
    this.db.transaction(() => {
      this.db.prepare(`DELETE FROM ${TABLE} WHERE rowid = ?`).run(BigInt(id));
      this.db.prepare(`DELETE FROM ${COMPACT} WHERE memory_id = ?`).run(id);
    })();
    this.ann?.remove(id);
  }

  has(id: number): boolean {
    if (!this.tableExists()) return false;
    return !!this.db.prepare(`SELECT 1 FROM ${TABLE} WHERE rowid = ?`).get(BigInt(id));
  }

  count(): number {
    if (!this.tableExists()) return 0;
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${TABLE}`).get() as { n: number }).n;
  }

  /**
   * Loads the in-memory copy in chunks, yielding to the event loop between them
   * (module start). Resolves when the copy is complete; calling it again while a
   * load runs returns the same promise.
   */
  load(): Promise<LoadStats> {
    if (this.ready)
      return Promise.resolve({
        rows: this.ann?.size ?? 0,
        backfilled: 0,
        chunks: 0,
        longestChunkMs: 0,
        ms: 0,
      });
    if (!this.loading) {
      const gen = this.gen;
      const p = this.runLoad(gen).finally(() => {
        if (this.loading === p) this.loading = null;
      });
      this.loading = p;
    }
    return this.loading;
  }

  /** Stops a running load (module stop: the database is about to close). */
  stopLoading(): void {
    if (this.ready) return;
    this.gen++;
    this.loading = null;
    this.ann = null;
  }

  private async runLoad(gen: number): Promise<LoadStats> {
    const t0 = performance.now();
    const stats: LoadStats = { rows: 0, backfilled: 0, chunks: 0, longestChunkMs: 0, ms: 0 };
    await YIELD(); // never inside the caller's turn (module start)
    const live = () => gen === this.gen;
    if (!live()) return this.finish(stats, t0);
    const setup = performance.now();
    const dims = this.dims;
    if (dims === null || !this.tableExists()) {
      this.ann = null;
      this.ready = true;
      return this.finish(stats, t0);
    }
    this.ensureFormat();
    // Room up front: doubling the arrays mid-load (65k → 131k rows) blocked for
    // 60-150 ms. Any COUNT(*) reads a whole table or index (30-100 ms at 100k), so
    // the bound is the largest memory id (one b-tree descent): every vector belongs
    // to a memory, and ids are dense enough (purged rows only leave small gaps).
    const ann = new AnnIndex(dims);
    ann.reserve(
      (this.db.prepare('SELECT MAX(id) AS n FROM memories').get() as { n: number | null }).n ?? 0,
    );
    // From here on put/remove keep the partial copy current; chunks add what the tables hold.
    this.ann = ann;
    stats.longestChunkMs = performance.now() - setup;
    await YIELD();
    if (!live()) return this.finish(stats, t0);

    const target = this.opts.sliceMs === undefined ? 8 : this.opts.sliceMs;
    let size = this.opts.chunkRows ?? 64;
    /** Runs one synchronous slice; true when a full page came back (there may be more). */
    const chunk = async (step: (size: number) => number): Promise<boolean> => {
      if (!live()) return false;
      const asked = size;
      const s = performance.now();
      const got = step(asked);
      const ms = performance.now() - s;
      stats.chunks++;
      stats.longestChunkMs = Math.max(stats.longestChunkMs, ms);
      // Aim each slice at `target` ms whatever the machine's speed or load; grow at
      // most ×2 a step (early slices run before the JIT has warmed up).
      if (target !== null && got === asked) {
        const next = Math.min(asked * 2, (asked * target) / Math.max(ms, 0.1));
        size = Math.max(32, Math.min(16_000, Math.round(next)));
      }
      this.opts.onChunk?.(ann.size);
      await YIELD();
      return got === asked && live();
    };

    // 1. Compact rows, keyset by id: plain blobs into the typed arrays.
    const readCompact = this.db.prepare(
      `SELECT memory_id AS id, code, q8, scale FROM ${COMPACT} WHERE memory_id > ? ORDER BY memory_id LIMIT ?`,
    );
    const dropBad = this.db.prepare(`DELETE FROM ${COMPACT} WHERE memory_id = ?`);
    let after = 0;
    let bad = 0;
    while (
      await chunk((n) => {
        const rows = readCompact.all(after, n) as {
          id: number;
          code: Buffer;
          q8: Buffer;
          scale: number;
        }[];
        for (const r of rows) {
          if (r.code.byteLength !== ANN_CODE_BYTES || r.q8.byteLength !== dims) {
            dropBad.run(r.id); // unreadable: recomputed from vec0 below
            bad++;
            continue;
          }
          ann.addCompact(r.id, r);
        }
        if (rows.length) after = rows[rows.length - 1]!.id;
        return rows.length;
      })
    );
    if (!live()) return this.finish(stats, t0);
    if (bad) this.dropMeta('ann_complete');

    // 2. Vectors in vec0 without a compact row (databases from before memory_ann):
    //    computed once from vec0 and written back, in smaller chunks (hashing costs more).
    if (this.meta('ann_complete') !== '1') {
      const missing = this.db.prepare(
        `SELECT m.id FROM memories m WHERE m.id > ? AND NOT EXISTS (SELECT 1 FROM ${COMPACT} a WHERE a.memory_id = m.id) ORDER BY m.id LIMIT ?`,
      );
      const vec = this.db.prepare(`SELECT embedding FROM ${TABLE} WHERE rowid = ?`);
      after = 0;
      if (target !== null) size = Math.max(32, Math.round(size / 8));
      while (
        await chunk((n) => {
          const ids = missing.all(after, n) as { id: number }[];
          withoutCommitSync(this.db, () => {
            for (const { id } of ids) {
              const r = vec.get(BigInt(id)) as { embedding: Buffer } | undefined;
              if (!r) continue;
              // Copy (a memcpy): the blob's offset inside its Buffer need not be 4-byte aligned.
              const e = r.embedding;
              const c = ann.compact(
                new Float32Array(e.buffer.slice(e.byteOffset, e.byteOffset + dims * 4)),
              );
              this.writeCompact(id, c);
              ann.addCompact(id, c);
              stats.backfilled++;
            }
          });
          if (ids.length) after = ids[ids.length - 1]!.id;
          return ids.length;
        })
      );
      if (!live()) return this.finish(stats, t0);
      this.setMeta('ann_complete', '1');
    }
    this.ready = true;
    stats.rows = ann.size;
    return this.finish(stats, t0);
  }

  private finish(stats: LoadStats, t0: number): LoadStats {
    stats.ms = performance.now() - t0;
    return stats;
  }

  /**
   * The complete copy, or null while it is incomplete. A small complete compact
   * table is read synchronously (a few ms); anything else loads in the background.
   */
  private index(): AnnIndex | null | 'none' {
    if (this.ready) return this.ann ?? 'none';
    if (!this.loading) {
      const small = this.opts.syncLoadBelow ?? 2_000;
      const dims = this.dims;
      if (dims === null || !this.tableExists()) {
        this.ready = true;
        return 'none';
      }
      this.ensureFormat();
      const n = (
        this.db
          .prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${COMPACT} LIMIT ?)`)
          .get(small + 1) as { n: number }
      ).n;
      if (n <= small && this.meta('ann_complete') === '1') {
        const ann = new AnnIndex(dims);
        const rows = this.db
          .prepare(`SELECT memory_id AS id, code, q8, scale FROM ${COMPACT}`)
          .all() as { id: number; code: Buffer; q8: Buffer; scale: number }[];
        if (rows.every((r) => r.code.byteLength === ANN_CODE_BYTES && r.q8.byteLength === dims)) {
          for (const r of rows) ann.addCompact(r.id, r);
          this.ann = ann;
          this.ready = true;
          return ann;
        }
      }
      void this.load().catch(() => undefined); // a failed load is retried by the next search
    }
    return null;
  }

  /**
   * Top k by cosine from the in-memory copy. Null while the copy is still being
   * loaded: the caller must use another path (recall: keywords) rather than take
   * a partial answer for a complete one.
   */
  search(q: Float32Array, k: number): AnnHit[] | null {
    const ann = this.index();
    if (ann === null) return null;
    if (ann === 'none' || q.length !== ann.dims) return [];
    return ann.search(q, k);
  }

  /** Exact brute force inside sqlite-vec (the baseline the bench compares with). */
  searchVec0(q: Float32Array, k: number): AnnHit[] {
    if (!this.tableExists()) return [];
    const rows = this.db
      .prepare(`SELECT rowid AS id, distance FROM ${TABLE} WHERE embedding MATCH ? AND k = ?`)
      .all(q, k) as { id: number; distance: number }[];
    return rows.map((r) => ({ id: Number(r.id), score: 1 - r.distance }));
  }
}

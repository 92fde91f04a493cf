import type { Db } from '../db/connection';
import { AnnIndex, type AnnHit } from './ann';

const TABLE = 'memory_vec';

/**
 * The vec0 table (truth for vectors, keyed by memory id) plus the in-memory ANN
 * copy used for search. Which embedder filled it is recorded in memory_index_meta;
 * a different embedder means the table is dropped and rebuilt.
 */
export class VectorStore {
  private ann: AnnIndex | null = null;

  constructor(private readonly db: Db) {}

  meta(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM memory_index_meta WHERE key = ?').get(key) as { value: string } | undefined;
    return r?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO memory_index_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }

  get embedderId(): string | null {
    return this.meta('embedder_id');
  }

  get dims(): number | null {
    const d = this.meta('dims');
    return d === null ? null : Number(d);
  }

  /** Drops every vector and records the new embedder; all memories become DIRTY. */
  reset(embedderId: string, dims: number): void {
    if (!Number.isInteger(dims) || dims < 1 || dims > 8192) throw new Error(`bad embedding dimension ${dims}`);
    this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${TABLE}`);
      this.db.exec(`CREATE VIRTUAL TABLE ${TABLE} USING vec0(embedding float[${dims}] distance_metric=cosine)`);
      this.setMeta('embedder_id', embedderId);
      this.setMeta('dims', String(dims));
      this.db.prepare("UPDATE memories SET vector_state = 'DIRTY', index_attempts = 0, index_error = NULL").run();
    })();
    this.ann = new AnnIndex(dims);
  }

  private tableExists(): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(TABLE);
  }

  /** Writes vectors (replacing old ones) inside the caller's transaction. */
  put(id: number, v: Float32Array): void {
    this.db.prepare(`DELETE FROM ${TABLE} WHERE rowid = ?`).run(BigInt(id));
    this.db.prepare(`INSERT INTO ${TABLE} (rowid, embedding) VALUES (?, ?)`).run(BigInt(id), v);
    this.ann?.add(id, v);
  }

  remove(id: number): void {
    if (!this.tableExists()) return;
    this.db.prepare(`DELETE FROM ${TABLE} WHERE rowid = ?`).run(BigInt(id));
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

  /** Loads the ANN copy from vec0 on first use (≈ 30 ms per 1,000 vectors). */
  private index(): AnnIndex | null {
    if (this.ann) return this.ann;
    const dims = this.dims;
    if (dims === null || !this.tableExists()) return null;
    const ann = new AnnIndex(dims);
    for (const r of this.db.prepare(`SELECT rowid AS id, embedding FROM ${TABLE}`).iterate() as Iterable<{ id: number; embedding: Buffer }>) {
      // Copy: the blob's offset inside its Buffer need not be 4-byte aligned.
      ann.add(Number(r.id), new Float32Array(Uint8Array.from(r.embedding).buffer, 0, dims));
    }
    this.ann = ann;
    return ann;
  }

  /** Warms the in-memory copy (module start) so the first chat turn does not pay for it. */
  warm(): void {
    this.index();
  }

  search(q: Float32Array, k: number): AnnHit[] {
    const ann = this.index();
    if (!ann || q.length !== ann.dims) return [];
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

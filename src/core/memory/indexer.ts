import type { Db } from '../db/connection';
import type { EventBus } from '../events';
import type { Embedder } from './embedder';
import type { VectorStore } from './vectors';
import type { MemoryRow } from './store';

export interface IndexerOptions {
  batchSize?: number;
  /** Pause between passes when there is nothing to do. */
  idleMs?: number;
  /** First retry delay after a failed batch; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface IndexerDeps {
  db: Db;
  vectors: VectorStore;
  events: EventBus;
  embedder: () => Embedder;
  /** Housekeeping run once per pass (purge of old soft-deleted rows). */
  housekeeping?: () => void;
}

/**
 * Embeds DIRTY memories in the background, in batches, with exponential backoff on
 * failure, yielding between batches so a chat turn never waits for it. When the
 * embedder differs from the one the index was built with (model id or dimension),
 * the index is dropped and rebuilt, with `memory.index` progress events.
 */
export class MemoryIndexer {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private backoff = 0;
  private rebuild: { embedder: string; total: number; done: number } | null = null;
  private forced = false;
  lastError: string | null = null;

  constructor(
    private readonly d: IndexerDeps,
    private readonly o: IndexerOptions = {},
  ) {}

  get indexing(): boolean {
    return this.running || this.rebuild !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Something became DIRTY: look soon (unless backing off after errors). */
  kick(): void {
    if (!this.stopped && !this.running && this.backoff === 0) this.schedule(50);
  }

  /** Forces a full rebuild with the current embedder. */
  requestReindex(): number {
    this.forced = true;
    this.backoff = 0;
    this.kick();
    return this.activeCount();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.loop();
    }, ms);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    if (this.running || this.stopped) return;
    try {
      const more = await this.runOnce();
      this.backoff = 0;
      this.schedule(more ? 0 : (this.o.idleMs ?? 5_000));
    } catch {
      const base = this.o.backoffMs ?? 1_000;
      this.backoff = Math.min(
        this.o.maxBackoffMs ?? 300_000,
        this.backoff ? this.backoff * 2 : base,
      );
      this.schedule(this.backoff);
    }
  }

  private activeCount(): number {
    return (
      this.d.db.prepare("SELECT COUNT(*) AS n FROM memories WHERE status = 'active'").get() as {
        n: number;
      }
    ).n;
  }

  dirtyCount(): number {
    return (
      this.d.db
        .prepare(
          "SELECT COUNT(*) AS n FROM memories WHERE status = 'active' AND vector_state = 'DIRTY'",
        )
        .get() as { n: number }
    ).n;
  }

  /**
   * One batch. Returns true when more work is waiting. Throws when the embedder
   * failed (the loop backs off); the failed rows stay DIRTY with the error recorded.
   */
  async runOnce(): Promise<boolean> {
    this.running = true;
    try {
      const emb = this.d.embedder();
      const v = this.d.vectors;
      const stale =
        v.embedderId !== emb.id || v.dims === null || (emb.dims !== null && emb.dims !== v.dims);
      if (this.forced || stale || !v.hasVectorTable) {
        const dims = emb.dims ?? (await emb.embed(['dimension probe']))[0]?.length ?? 0;
        v.reset(emb.id, dims);
        this.forced = false;
        this.rebuild = { embedder: emb.id, total: this.activeCount(), done: 0 };
        this.progress(false, null);
      }
      this.d.housekeeping?.();
      const rows = this.d.db
        .prepare(
          "SELECT id, content, key FROM memories WHERE status = 'active' AND vector_state = 'DIRTY' ORDER BY importance DESC, id LIMIT ?",
        )
        .all(this.o.batchSize ?? 32) as Pick<MemoryRow, 'id' | 'content' | 'key'>[];
      if (rows.length === 0) {
        if (this.rebuild) this.progress(true, null);
        this.rebuild = null;
        return false;
      }
      let vecs: Float32Array[];
      try {
        vecs = await emb.embed(rows.map((r) => embedText(r)));
        if (vecs.length !== rows.length || vecs.some((x) => x.length !== v.dims)) {
          throw new Error(
            `embedder returned ${vecs.length} vectors of ${vecs[0]?.length ?? 0} dims, expected ${rows.length} of ${v.dims}`,
          );
        }
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
        const mark = this.d.db.prepare(
          'UPDATE memories SET index_attempts = index_attempts + 1, index_error = ? WHERE id = ?',
        );
        this.d.db.transaction(() => rows.forEach((r) => mark.run(this.lastError, r.id)))();
        if (this.rebuild) this.progress(false, this.lastError);
        throw e;
      }
      if (this.d.vectors.embedderId !== emb.id) return true; // switched while we waited: start over
      const current = this.d.db.prepare('SELECT status, content, key FROM memories WHERE id = ?');
      const done = this.d.db.prepare(
        "UPDATE memories SET vector_state = 'INDEXED', index_attempts = 0, index_error = NULL WHERE id = ?",
      );
      let n = 0;
      this.d.db.transaction(() => {
        rows.forEach((r, i) => {
          // Edited or deleted while the batch was embedding: leave it for the next pass.
          const now = current.get(r.id) as
            Pick<MemoryRow, 'status' | 'content' | 'key'> | undefined;
          if (!now || now.status !== 'active' || now.content !== r.content || now.key !== r.key)
            return;
          v.put(r.id, vecs[i]!);
          done.run(r.id);
          n++;
        });
      })();
      this.lastError = null;
      if (this.rebuild) {
        this.rebuild.done += n;
        this.progress(false, null);
      }
      await new Promise((r) => setImmediate(r));
      return true;
    } finally {
      this.running = false;
    }
  }

  /** Runs passes until nothing is DIRTY (tests, CLI, bench). */
  async drain(maxPasses = 100_000): Promise<void> {
    for (let i = 0; i < maxPasses; i++) if (!(await this.runOnce())) return;
  }

  private progress(finished: boolean, error: string | null): void {
    const r = this.rebuild;
    if (!r) return;
    this.d.events.emit('memory.index', {
      embedder: r.embedder,
      done: Math.min(r.done, r.total),
      total: r.total,
      finished,
      error,
    });
  }
}

/** What gets embedded: the text plus its key words (drink_preference → "drink preference"). */
export function embedText(r: Pick<MemoryRow, 'content' | 'key'>): string {
  return r.key ? `${r.content} (${r.key.replace(/_/g, ' ')})` : r.content;
}

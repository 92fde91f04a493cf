import type { MemoryStore, MemoryRow } from './store';
import type { VectorStore } from './vectors';
import type { Embedder } from './embedder';
import { coverage } from './similarity';
import { ftsQuery } from './text';

const DAY = 86_400_000;

export interface RecallOptions {
  /** Update last_accessed_at of what was recalled (default true). */
  touch?: boolean;
  /** Drop hits below this relevance (before importance/recency weighting). */
  minRelevance?: number;
}

export interface RecallHit {
  row: MemoryRow;
  score: number;
  relevance: number;
  matchedBy: ('vector' | 'keyword')[];
}

/** Relevance below this is noise for the offline embedder (shared stray characters). */
export const MIN_RELEVANCE = 0.12;

/**
 * Pai's recall path: vector candidates (ANN over the index) ∪ keyword candidates
 * (FTS5, BM25), each scored by relevance = 0.65·cosine + 0.35·term coverage, then
 * weighted by importance (1–5 → ×0.85…×1.05) and recency (up to ×0.85 for a
 * memory untouched for many months). Superseded, deleted, inactive and expired memories never
 * come back. If the query cannot be embedded (endpoint down, index being rebuilt
 * for another model) or the vector copy is still loading after start, it falls
 * back to keywords alone (hits then say matched_by: ['keyword']).
 */
export async function recall(
  deps: { store: MemoryStore; vectors: VectorStore; embedder: Embedder },
  userId: number,
  query: string,
  k: number,
  now: number,
  opts: RecallOptions = {},
): Promise<RecallHit[]> {
  const q = query.trim();
  if (!q || k <= 0 || !deps.store.hasActive(userId, now)) return [];
  const pool = Math.max(50, k * 10);

  const vecScore = new Map<number, number>();
  if (deps.vectors.embedderId === deps.embedder.id) {
    try {
      const [qv] = await deps.embedder.embed([q]);
      // null: the in-memory copy is still loading (app start). A partial vector
      // answer would rank as if complete, so this recall uses keywords alone.
      const found = qv ? deps.vectors.search(qv, pool) : [];
      for (const h of found ?? []) vecScore.set(h.id, h.score);
    } catch {
      // Keyword recall still works; the indexer reports embedder errors.
    }
  }
  const match = ftsQuery(q);
  const kwIds = new Set(match ? deps.store.keyword(userId, match, now, pool).map((r) => r.id) : []);

  const ids = [...new Set([...vecScore.keys(), ...kwIds])];
  const hits: RecallHit[] = [];
  const useVec = vecScore.size > 0;
  for (const row of deps.store.many(ids)) {
    if (row.user_id !== userId || row.status !== 'active') continue;
    if (row.expires_at !== null && row.expires_at <= now) continue;
    const cos = Math.max(0, vecScore.get(row.id) ?? 0);
    const cov = kwIds.has(row.id) ? coverage(q, `${row.content} ${row.key.replace(/_/g, ' ')}`) : 0;
    const relevance = useVec ? 0.65 * cos + 0.35 * cov : cov;
    if (relevance < (opts.minRelevance ?? MIN_RELEVANCE)) continue;
    const lastUse = Math.max(row.updated_at, row.last_accessed_at ?? 0);
    const recency = Math.exp(-Math.max(0, now - lastUse) / (180 * DAY));
    const score = relevance * (0.8 + 0.05 * row.importance) * (0.85 + 0.15 * recency);
    const matchedBy: RecallHit['matchedBy'] = [];
    if (vecScore.has(row.id)) matchedBy.push('vector');
    if (cov > 0) matchedBy.push('keyword');
    hits.push({ row, score, relevance, matchedBy });
  }
  hits.sort((a, b) => b.score - a.score || b.row.id - a.row.id);
  return hits.slice(0, k);
}

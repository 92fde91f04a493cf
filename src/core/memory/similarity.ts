import { dot, HashingEmbedder } from './embedder';
import { compact, terms } from './text';

const lexical = new HashingEmbedder();

/**
 * "Says the same thing": cosine of the offline lexical embeddings. Used for
 * duplicate detection whatever embedder the index uses, so the rule is the same
 * offline and online and does not wait for the background indexer.
 */
export function sameness(a: string, b: string): number {
  if (compact(a) === compact(b)) return 1;
  return dot(lexical.embedOne(a), lexical.embedOne(b));
}

export const DUPLICATE_THRESHOLD = 0.85;

/** Share of the query's (weighted) terms that the text contains: 0..1. */
export function coverage(query: string, text: string): number {
  const q = terms(query);
  if (q.length === 0) return 0;
  const have = new Set(terms(`${text}`).map((t) => t.term));
  let total = 0;
  let hit = 0;
  for (const t of q) {
    total += t.weight;
    if (have.has(t.term)) hit += t.weight;
  }
  return total > 0 ? hit / total : 0;
}

import type { MemoryType } from '../../shared/contract';
import type { MemoryRow, MemoryStore } from './store';
import { compact, ftsQuery } from './text';
import { coverage } from './similarity';

export interface TargetArgs {
  memory_id?: number;
  memory_key?: string;
  target_hint?: string;
  memory_type?: MemoryType;
}

export type TargetResult =
  | { kind: 'found'; row: MemoryRow; by: 'memory_id' | 'memory_key' | 'target_hint' }
  | { kind: 'ambiguous'; candidates: MemoryRow[]; by: 'memory_key' | 'target_hint' }
  | { kind: 'none'; by: 'memory_id' | 'memory_key' | 'target_hint' | 'nothing' };

/**
 * Finds the one memory a tool call means (reference 000: find_active_long_term_memory),
 * by id, then key, then hint. It never guesses: a hint that fits several memories
 * about equally well comes back as `ambiguous` with the candidates.
 */
export function findTarget(
  store: MemoryStore,
  userId: number,
  a: TargetArgs,
  now: number,
): TargetResult {
  if (a.memory_id !== undefined && a.memory_id > 0) {
    const r = store.get(a.memory_id);
    if (!r || r.user_id !== userId || r.status !== 'active')
      return { kind: 'none', by: 'memory_id' };
    return { kind: 'found', row: r, by: 'memory_id' };
  }
  const key = a.memory_key?.trim();
  if (key) {
    const rows = store.active(userId, now, { key, memoryType: a.memory_type });
    if (rows.length === 1) return { kind: 'found', row: rows[0]!, by: 'memory_key' };
    if (rows.length > 1) return { kind: 'ambiguous', candidates: rows, by: 'memory_key' };
    return { kind: 'none', by: 'memory_key' };
  }
  const hint = a.target_hint?.trim();
  if (!hint) return { kind: 'none', by: 'nothing' };

  const pool = store.active(userId, now, { memoryType: a.memory_type });
  const h = compact(hint);
  const literal = h
    ? pool.filter((r) => compact(r.content).includes(h) || compact(r.key) === h)
    : [];
  if (literal.length === 1) return { kind: 'found', row: literal[0]!, by: 'target_hint' };
  if (literal.length > 1)
    return { kind: 'ambiguous', candidates: literal.slice(0, 10), by: 'target_hint' };

  // No literal match: rank by how much of the hint each memory contains.
  const match = ftsQuery(hint);
  if (!match) return { kind: 'none', by: 'target_hint' };
  const ids = new Set(store.keyword(userId, match, now, 30).map((k) => k.id));
  const scored = pool
    .filter((r) => ids.has(r.id))
    .map((r) => ({ r, s: coverage(hint, `${r.content} ${r.key.replace(/_/g, ' ')}`) }))
    .filter((x) => x.s >= 0.34)
    .sort((x, y) => y.s - x.s);
  if (scored.length === 0) return { kind: 'none', by: 'target_hint' };
  const [top, second] = scored;
  if (top!.s >= 0.5 && (!second || second.s < top!.s - 0.25))
    return { kind: 'found', row: top!.r, by: 'target_hint' };
  return { kind: 'ambiguous', candidates: scored.slice(0, 10).map((x) => x.r), by: 'target_hint' };
}

import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import { MEMORY_TYPES, type MemoryItem, type MemoryType } from '../../shared/contract';
import { toLocalIso } from '../time';
import { ftsDocument } from './text';

export interface MemoryRow {
  id: number;
  user_id: number;
  content: string;
  memory_type: MemoryType;
  key: string;
  importance: number;
  confidence: number;
  ttl_days: number | null;
  expires_at: number | null;
  conversation_id: number | null;
  source_message_id: number | null;
  origin: 'explicit' | 'learned' | 'manual';
  status: 'active' | 'superseded' | 'inactive' | 'deleted';
  supersedes_id: number | null;
  superseded_by: number | null;
  vector_state: 'DIRTY' | 'INDEXED';
  index_attempts: number;
  index_error: string | null;
  created_at: number;
  updated_at: number;
  last_accessed_at: number | null;
  deleted_at: number | null;
}

const TYPE_ALIASES: Record<string, MemoryType> = {
  偏好: 'preference',
  喜好: 'preference',
  preferences: 'preference',
  事实: 'fact',
  信息: 'fact',
  profile: 'fact',
  人物: 'person',
  人: 'person',
  people: 'person',
  relationship: 'person',
  计划: 'plan',
  日程: 'plan',
  goal: 'plan',
  身份: 'identity',
  name: 'identity',
  其他: 'other',
};

/** Models send free-form types; known ones and aliases map to ours, the rest to `other`. */
export function normalizeType(
  raw: string | undefined | null,
  fallback: MemoryType = 'fact',
): MemoryType {
  const t = (raw ?? '').trim().toLowerCase();
  if (!t) return fallback;
  if ((MEMORY_TYPES as readonly string[]).includes(t)) return t as MemoryType;
  return TYPE_ALIASES[t] ?? 'other';
}

/** Internal noise (reference 000: memory_list hides it): bookkeeping rows never meant for people. */
export function isNoise(r: Pick<MemoryRow, 'key' | 'content'>): boolean {
  return r.key.startsWith('__') || r.content.trim().length < 2;
}

export function isExpired(r: Pick<MemoryRow, 'expires_at'>, now: number): boolean {
  return r.expires_at !== null && r.expires_at <= now;
}

export function toItem(r: MemoryRow, zone: string, now: number): MemoryItem {
  const iso = (ms: number | null) => (ms === null ? null : toLocalIso(ms, zone));
  return {
    id: r.id,
    content: r.content,
    memory_type: normalizeType(r.memory_type, 'other'),
    key: r.key,
    importance: r.importance,
    confidence: r.confidence,
    ttl_days: r.ttl_days,
    expires_at: iso(r.expires_at),
    expired: isExpired(r, now),
    status: r.status,
    origin: r.origin,
    vector_state: r.vector_state,
    conversation_id: r.conversation_id,
    source_message_id: r.source_message_id,
    supersedes_id: r.supersedes_id,
    created_at: toLocalIso(r.created_at, zone),
    updated_at: toLocalIso(r.updated_at, zone),
    last_accessed_at: iso(r.last_accessed_at),
  };
}

/** Row-level access; every method runs inside the caller's transaction. */
export class MemoryStore {
  /** Prepared once per SQL text: recall runs before every model call. */
  private readonly sql: Statements;

  constructor(db: Db) {
    this.sql = new Statements(db);
  }

  get(id: number): MemoryRow | undefined {
    return this.sql.get('SELECT * FROM memories WHERE id = ?').get(id) as MemoryRow | undefined;
  }

  many(ids: number[]): MemoryRow[] {
    if (ids.length === 0) return [];
    return this.sql
      .get(`SELECT * FROM memories WHERE id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as MemoryRow[];
  }

  /** Active, not expired memories of a person. */
  active(
    userId: number,
    now: number,
    f: { key?: string; memoryType?: MemoryType } = {},
  ): MemoryRow[] {
    const parts = ['user_id = ?', "status = 'active'", '(expires_at IS NULL OR expires_at > ?)'];
    const params: unknown[] = [userId, now];
    if (f.key !== undefined) {
      parts.push('key = ?');
      params.push(f.key);
    }
    if (f.memoryType) {
      parts.push('memory_type = ?');
      params.push(f.memoryType);
    }
    return this.sql
      .get(
        `SELECT * FROM memories WHERE ${parts.join(' AND ')} ORDER BY importance DESC, updated_at DESC, id DESC`,
      )
      .all(...params) as MemoryRow[];
  }

  insert(
    r: Omit<
      MemoryRow,
      | 'id'
      | 'vector_state'
      | 'index_attempts'
      | 'index_error'
      | 'superseded_by'
      | 'deleted_at'
      | 'status'
    >,
  ): MemoryRow {
    const info = this.sql
      .get(
        `INSERT INTO memories (user_id, content, memory_type, key, importance, confidence, ttl_days, expires_at,
           conversation_id, source_message_id, origin, supersedes_id, created_at, updated_at, last_accessed_at)
         VALUES (@user_id, @content, @memory_type, @key, @importance, @confidence, @ttl_days, @expires_at,
           @conversation_id, @source_message_id, @origin, @supersedes_id, @created_at, @updated_at, @last_accessed_at)`,
      )
      .run(r);
    const id = Number(info.lastInsertRowid);
    this.syncFts(id, r.content, r.key);
    return this.get(id)!;
  }

  /** Edits in place; the previous text goes to memory_history. Marks the vector DIRTY when the text changed. */
  update(before: MemoryRow, next: Partial<MemoryRow>, reason: string, now: number): MemoryRow {
    const after = { ...before, ...next, updated_at: now };
    const textChanged = after.content !== before.content || after.key !== before.key;
    if (
      textChanged ||
      after.memory_type !== before.memory_type ||
      after.importance !== before.importance
    ) {
      this.sql
        .get(
          `INSERT INTO memory_history (memory_id, content, memory_type, key, importance, expires_at, reason, changed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          before.id,
          before.content,
          before.memory_type,
          before.key,
          before.importance,
          before.expires_at,
          reason,
          now,
        );
    }
    this.sql
      .get(
        `UPDATE memories SET content = @content, memory_type = @memory_type, key = @key, importance = @importance,
           confidence = @confidence, ttl_days = @ttl_days, expires_at = @expires_at, updated_at = @updated_at,
           vector_state = CASE WHEN @dirty = 1 THEN 'DIRTY' ELSE vector_state END,
           index_attempts = CASE WHEN @dirty = 1 THEN 0 ELSE index_attempts END
         WHERE id = @id`,
      )
      .run({ ...after, dirty: textChanged ? 1 : 0 });
    if (textChanged) this.syncFts(before.id, after.content, after.key);
    return this.get(before.id)!;
  }

  setStatus(
    id: number,
    status: MemoryRow['status'],
    now: number,
    extra: { superseded_by?: number | null } = {},
  ): void {
    this.sql
      .get(
        `UPDATE memories SET status = ?, updated_at = ?, deleted_at = CASE WHEN ? = 'deleted' THEN ? ELSE NULL END,
           superseded_by = COALESCE(?, superseded_by),
           vector_state = CASE WHEN ? = 'active' THEN 'DIRTY' ELSE vector_state END
         WHERE id = ?`,
      )
      .run(status, now, status, now, extra.superseded_by ?? null, status, id);
    if (status === 'active') {
      const r = this.get(id)!;
      this.syncFts(id, r.content, r.key);
    } else {
      this.sql.get('DELETE FROM memories_fts WHERE rowid = ?').run(id);
    }
  }

  touch(ids: number[], now: number): void {
    if (ids.length === 0) return;
    this.sql
      .get(`UPDATE memories SET last_accessed_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`)
      .run(now, ...ids);
  }

  hardDelete(id: number): void {
    this.sql.get('DELETE FROM memories_fts WHERE rowid = ?').run(id);
    this.sql.get('DELETE FROM memories WHERE id = ?').run(id);
  }

  private syncFts(id: number, content: string, key: string): void {
    this.sql.get('DELETE FROM memories_fts WHERE rowid = ?').run(id);
    this.sql
      .get('INSERT INTO memories_fts (rowid, terms) VALUES (?, ?)')
      .run(id, ftsDocument(`${content} ${key.replace(/_/g, ' ')}`));
  }

  /** Keyword candidates by BM25 (lower is better in SQLite; returned as positive, higher better). */
  /** Whether the person has any memory that recall could return (skips the search for people with none). */
  hasActive(userId: number, now: number): boolean {
    return !!this.sql
      .get(
        "SELECT 1 FROM memories WHERE user_id = ? AND status = 'active' AND (expires_at IS NULL OR expires_at > ?) LIMIT 1",
      )
      .get(userId, now);
  }

  keyword(
    userId: number,
    match: string,
    now: number,
    limit: number,
  ): { id: number; bm25: number }[] {
    return this.sql
      .get(
        `SELECT m.id AS id, -bm25(memories_fts) AS bm25 FROM memories_fts f JOIN memories m ON m.id = f.rowid
         WHERE memories_fts MATCH ? AND m.user_id = ? AND m.status = 'active' AND (m.expires_at IS NULL OR m.expires_at > ?)
         ORDER BY bm25(memories_fts) LIMIT ?`,
      )
      .all(match, userId, now, limit) as { id: number; bm25: number }[];
  }
}

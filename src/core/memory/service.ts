import type { Db } from '../db/connection';
import type { Clock } from '../clock';
import { AuditService, type Actor } from '../audit/service';
import type { EventBus } from '../events';
import type { SettingsService } from '../settings/service';
import { PaiError } from '../../shared/errors';
import {
  memorySettingsSchema,
  type MemoryHit,
  type MemoryItem,
  type MemoryPatch,
  type MemorySettings,
  type MemoryType,
} from '../../shared/contract';
import { toLocalIso } from '../time';
import { MemoryStore, isNoise, normalizeType, toItem, type MemoryRow } from './store';
import { VectorStore } from './vectors';
import { findTarget, type TargetArgs, type TargetResult } from './targeting';
import { DUPLICATE_THRESHOLD, sameness } from './similarity';
import { ftsQuery } from './text';
import { recall as recallRows, type RecallOptions } from './recall';
import type { Embedder } from './embedder';

const DAY = 86_400_000;
/** Soft-deleted memories can be restored for this long, then they are purged. */
export const UNDO_WINDOW_MS = 7 * DAY;

export const DEFAULT_MEMORY_SETTINGS: MemorySettings = {
  learnEnabled: true,
  learnIdleMinutes: 10,
  recallLimit: 5,
};

export interface WriteMeta {
  actor: Actor;
  conversationId?: number | null;
  sourceMessageId?: number | null;
}

export interface SaveInput {
  content: string;
  memory_type?: string;
  key?: string;
  importance?: number;
  confidence?: number;
  ttl_days?: number | null;
  origin?: MemoryRow['origin'];
}

export type SaveAction = 'created' | 'updated' | 'superseded';

export interface SaveResult {
  action: SaveAction;
  row: MemoryRow;
  superseded: MemoryRow[];
}

export interface MemoryDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  events: EventBus;
  settings: SettingsService;
  timeZone: () => string;
  /** The embedder the index should use now (configured model, else the offline one). */
  embedder: () => Embedder;
  /** Called after a write so the background indexer picks it up soon. */
  onDirty?: () => void;
}

// Identity memories conflict with the profile's nickname / assistant name (reference 000).
const USER_KEYS = /^(nickname|user_nickname|user_name|username|name|call_me|preferred_name)$/i;
const AI_KEYS = /^(ai_name|assistant_name|ai_emoji|assistant_emoji|bot_name)$/i;
const USER_TEXT = /(叫我|我叫|我的名字|称呼我|我的昵称|call me\b|my name is|my nickname)/i;
const AI_TEXT =
  /(你叫|你的名字|你就叫|给你起|助手的名字|助手叫|your name is|call you\b|you are called|i'?ll call you)/i;

export type ProfileField = 'nickname' | 'ai_name' | 'ai_emoji';

/** Whose identity a memory states: the person's (nickname), the assistant's (name/emoji), or none. */
export function identityOf(
  r: Pick<MemoryRow, 'memory_type' | 'key' | 'content'>,
): 'user' | 'assistant' | 'both' | null {
  const user = USER_KEYS.test(r.key) || USER_TEXT.test(r.content);
  const ai = AI_KEYS.test(r.key) || AI_TEXT.test(r.content);
  if (user && ai) return 'both';
  if (user) return 'user';
  if (ai) return 'assistant';
  return r.memory_type === 'identity' ? 'both' : null;
}

export function isIdentityMemory(r: Pick<MemoryRow, 'memory_type' | 'key' | 'content'>): boolean {
  return identityOf(r) !== null;
}

/** Long-term memories: explicit saves, learned ones, edits, recall; every write audited. */
export class MemoryService {
  readonly store: MemoryStore;
  readonly vectors: VectorStore;

  constructor(private readonly d: MemoryDeps) {
    this.store = new MemoryStore(d.db);
    this.vectors = new VectorStore(d.db);
  }

  private get db(): Db {
    return this.d.db;
  }

  now(): number {
    return this.d.clock.now();
  }

  item(r: MemoryRow): MemoryItem {
    return toItem(r, this.d.timeZone(), this.now());
  }

  settings(): MemorySettings {
    return this.d.settings.get('memory', memorySettingsSchema, DEFAULT_MEMORY_SETTINGS);
  }

  updateSettings(patch: Partial<MemorySettings>): MemorySettings {
    const next = this.d.settings.set('memory', memorySettingsSchema, {
      ...this.settings(),
      ...patch,
    });
    this.d.events.emit('data.changed', { domain: 'memory' });
    return next;
  }

  private own(userId: number, id: number): MemoryRow {
    const r = this.store.get(id);
    if (!r || r.user_id !== userId || r.status === 'deleted') {
      throw new PaiError('NOT_FOUND', `记忆 #${id} 不存在 (memory ${id} not found)`);
    }
    return r;
  }

  private expiresAt(ttlDays: number | null | undefined, now: number): number | null {
    return ttlDays && ttlDays > 0 ? now + ttlDays * DAY : null;
  }

  private changed(ids: number[]): void {
    this.d.events.emit('data.changed', { domain: 'memory', ids });
    this.d.onDirty?.();
  }

  private audit(
    userId: number,
    meta: WriteMeta,
    action: string,
    id: number,
    before?: unknown,
    after?: unknown,
  ): number {
    return this.d.audit.change('memory', userId, meta, action, id, { before, after });
  }

  /** Leaves the active set: the vector goes too, so recall cannot find it. */
  private retire(
    r: MemoryRow,
    status: 'superseded' | 'inactive' | 'deleted',
    now: number,
    supersededBy?: number,
  ): void {
    this.store.setStatus(r.id, status, now, { superseded_by: supersededBy ?? null });
    this.vectors.remove(r.id);
  }

  /**
   * Saves a memory with the clean-memory rules: the same thing said again (same
   * key, or near-identical text) updates the existing memory instead of adding a
   * twin; a different statement under the same key supersedes the old one, which is
   * kept as history.
   */
  save(userId: number, input: SaveInput, meta: WriteMeta): SaveResult {
    const content = input.content.trim();
    if (!content) throw new PaiError('VALIDATION_FAILED', '记忆内容不能为空 (content is required)');
    if (content.length > 2000)
      throw new PaiError('VALIDATION_FAILED', '记忆内容过长，最多 2000 字 (content too long)');
    const key = (input.key ?? '').trim().slice(0, 100);
    const type = normalizeType(input.memory_type);
    const importance = Math.min(5, Math.max(1, Math.round(input.importance ?? 3)));
    const confidence = Math.min(1, Math.max(0, input.confidence ?? 1));
    const ttl = input.ttl_days && input.ttl_days > 0 ? Math.round(input.ttl_days) : null;
    const origin = input.origin ?? 'explicit';

    const res = this.db.transaction((): SaveResult => {
      const now = this.now();
      const keyed = key ? this.store.active(userId, now, { key }) : [];
      // Without a key match, a lookalike under another key is a different subject: leave it.
      const pool = keyed.length
        ? keyed
        : this.lookalikes(userId, content, now).filter((r) => !key || !r.key);
      const twin = pool.find((r) => sameness(r.content, content) >= DUPLICATE_THRESHOLD);
      if (twin) {
        const before = this.item(twin);
        const row = this.store.update(
          twin,
          {
            content: origin === 'learned' && twin.origin !== 'learned' ? twin.content : content,
            key: key || twin.key,
            memory_type: input.memory_type ? type : twin.memory_type,
            importance: Math.max(twin.importance, importance),
            confidence: Math.max(twin.confidence, confidence),
            ttl_days: ttl ?? twin.ttl_days,
            expires_at: ttl ? this.expiresAt(ttl, now) : twin.expires_at,
          },
          origin === 'learned' ? 'learned-duplicate' : 'duplicate',
          now,
        );
        this.audit(userId, meta, 'update', row.id, before, this.item(row));
        return { action: 'updated', row, superseded: [] };
      }
      const row = this.store.insert({
        user_id: userId,
        content,
        memory_type: type,
        key,
        importance,
        confidence,
        ttl_days: ttl,
        expires_at: this.expiresAt(ttl, now),
        conversation_id: meta.conversationId ?? null,
        source_message_id: meta.sourceMessageId ?? null,
        origin,
        supersedes_id: keyed[0]?.id ?? null,
        created_at: now,
        updated_at: now,
        last_accessed_at: null,
      });
      for (const old of keyed) {
        this.retire(old, 'superseded', now, row.id);
        this.audit(userId, meta, 'supersede', old.id, this.item(old), { superseded_by: row.id });
      }
      this.audit(userId, meta, 'insert', row.id, undefined, this.item(row));
      return { action: keyed.length ? 'superseded' : 'created', row, superseded: keyed };
    })();
    this.changed([res.row.id, ...res.superseded.map((r) => r.id)]);
    return res;
  }

  /** Active memories that share words with the text (duplicate candidates). */
  private lookalikes(userId: number, text: string, now: number): MemoryRow[] {
    const match = ftsQuery(text);
    if (!match) return [];
    return this.store.many(this.store.keyword(userId, match, now, 10).map((k) => k.id));
  }

  findTarget(userId: number, a: TargetArgs): TargetResult {
    return findTarget(this.store, userId, a, this.now());
  }

  /** Appends text to a memory; `unchanged` when it already says it (reference 000). */
  append(
    userId: number,
    target: MemoryRow,
    input: {
      content: string;
      separator?: string;
      importance?: number;
      confidence?: number;
      ttl_days?: number | null;
      memory_type?: string;
    },
    meta: WriteMeta,
  ): { status: 'appended' | 'unchanged'; row: MemoryRow } {
    const addition = input.content.trim();
    if (!addition)
      throw new PaiError('VALIDATION_FAILED', '追加内容不能为空 (content is required)');
    const compactOf = (s: string) =>
      s
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\s\p{P}\p{S}]+/gu, '');
    if (compactOf(target.content).includes(compactOf(addition)))
      return { status: 'unchanged', row: target };
    const cjk = /[\u3400-\u9fff]/u.test(target.content + addition);
    const sep =
      input.separator !== undefined && input.separator !== '' ? input.separator : cjk ? '；' : '; ';
    const res = this.db.transaction(() => {
      const now = this.now();
      const ttl = input.ttl_days && input.ttl_days > 0 ? Math.round(input.ttl_days) : null;
      const row = this.store.update(
        target,
        {
          content: `${target.content}${sep}${addition}`.slice(0, 4000),
          importance: input.importance
            ? Math.min(5, Math.max(1, Math.round(input.importance)))
            : target.importance,
          confidence:
            input.confidence !== undefined
              ? Math.min(1, Math.max(0, input.confidence))
              : target.confidence,
          ttl_days: ttl ?? target.ttl_days,
          expires_at: ttl ? this.expiresAt(ttl, now) : target.expires_at,
          memory_type: input.memory_type ? normalizeType(input.memory_type) : target.memory_type,
        },
        'append',
        now,
      );
      this.audit(userId, meta, 'append', row.id, this.item(target), this.item(row));
      return row;
    })();
    this.changed([res.id]);
    return { status: 'appended', row: res };
  }

  /** Soft delete: the row leaves recall and loses its vector; undo restores it within 7 days. */
  delete(userId: number, id: number, meta: WriteMeta): { deleted: MemoryItem; undo_token: string } {
    const res = this.db.transaction(() => {
      const r = this.own(userId, id);
      if (r.status !== 'active' && r.status !== 'superseded' && r.status !== 'inactive') {
        throw new PaiError('NOT_FOUND', `记忆 #${id} 不存在 (memory ${id} not found)`);
      }
      const now = this.now();
      this.retire(r, 'deleted', now);
      const auditId = this.audit(userId, meta, 'delete', id, {
        ...this.item(r),
        _status: r.status,
      });
      return { deleted: this.item(r), undo_token: AuditService.undoToken('memory', auditId) };
    })();
    this.changed([id]);
    return res;
  }

  undoDelete(userId: number, token: string, meta: WriteMeta): MemoryItem {
    const row = this.db.transaction(() => {
      const a = this.d.audit.deleted<{ _status?: MemoryRow['status'] }>('memory', token, userId);
      const r = a.entityId === null ? undefined : this.store.get(a.entityId);
      if (!r) throw new PaiError('NOT_FOUND', '这条记忆已被彻底清除，无法撤销 (memory was purged)');
      if (r.status !== 'deleted')
        throw new PaiError('CONFLICT', '这条记忆已恢复 (already restored)');
      const prev = a.before._status ?? 'active';
      this.store.setStatus(r.id, prev === 'deleted' ? 'active' : prev, this.now());
      const restored = this.store.get(r.id)!;
      this.audit(userId, meta, 'restore', r.id, undefined, this.item(restored));
      return restored;
    })();
    this.changed([row.id]);
    return this.item(row);
  }

  /** Edits from the Memory view: in place, with history; the vector is rebuilt. */
  update(userId: number, id: number, patch: MemoryPatch, meta: WriteMeta): MemoryItem {
    const row = this.db.transaction(() => {
      const r = this.own(userId, id);
      const now = this.now();
      const ttl =
        patch.ttl_days === undefined
          ? undefined
          : patch.ttl_days && patch.ttl_days > 0
            ? patch.ttl_days
            : null;
      const next = this.store.update(
        r,
        {
          content: patch.content ?? r.content,
          memory_type: patch.memory_type ?? r.memory_type,
          key: patch.key ?? r.key,
          importance: patch.importance ?? r.importance,
          ttl_days: ttl === undefined ? r.ttl_days : ttl,
          expires_at: ttl === undefined ? r.expires_at : this.expiresAt(ttl, now),
        },
        'edit',
        now,
      );
      this.audit(userId, meta, 'update', id, this.item(r), this.item(next));
      return next;
    })();
    this.changed([id]);
    return this.item(row);
  }

  /** Takes back a learned memory; the memory it had superseded becomes active again. */
  undoLearned(
    userId: number,
    id: number,
    meta: WriteMeta,
  ): { removed_id: number; restored: MemoryItem | null } {
    const res = this.db.transaction(() => {
      const r = this.own(userId, id);
      if (r.origin !== 'learned')
        throw new PaiError('CONFLICT', '这条记忆不是自动学到的 (not a learned memory)');
      const now = this.now();
      this.vectors.remove(r.id);
      this.audit(userId, meta, 'undo-learned', id, this.item(r));
      let restored: MemoryRow | null = null;
      const prev = r.supersedes_id ? this.store.get(r.supersedes_id) : undefined;
      if (prev && prev.status === 'superseded' && prev.superseded_by === r.id) {
        this.db.prepare('UPDATE memories SET superseded_by = NULL WHERE id = ?').run(prev.id);
        this.store.setStatus(prev.id, 'active', now);
        restored = this.store.get(prev.id)!;
      }
      this.store.hardDelete(r.id);
      return { removed_id: id, restored };
    })();
    this.changed([id, ...(res.restored ? [res.restored.id] : [])]);
    return { removed_id: res.removed_id, restored: res.restored ? this.item(res.restored) : null };
  }

  /** Earlier versions: in-place edits and the memories this one superseded. */
  history(
    userId: number,
    id: number,
  ): { content: string; reason: string; changed_at: string; memory_id: number }[] {
    const zone = this.d.timeZone();
    const out: {
      content: string;
      reason: string;
      changed_at: string;
      memory_id: number;
      at: number;
    }[] = [];
    const seen = new Set<number>();
    let cur: MemoryRow | undefined = this.own(userId, id);
    while (cur && !seen.has(cur.id) && cur.user_id === userId) {
      seen.add(cur.id);
      const edits = this.db
        .prepare(
          'SELECT content, reason, changed_at FROM memory_history WHERE memory_id = ? ORDER BY id DESC',
        )
        .all(cur.id) as { content: string; reason: string; changed_at: number }[];
      for (const e of edits)
        out.push({
          content: e.content,
          reason: e.reason,
          changed_at: toLocalIso(e.changed_at, zone),
          memory_id: cur.id,
          at: e.changed_at,
        });
      const prev: MemoryRow | undefined = cur.supersedes_id
        ? this.store.get(cur.supersedes_id)
        : undefined;
      if (prev)
        out.push({
          content: prev.content,
          reason: 'superseded',
          changed_at: toLocalIso(prev.updated_at, zone),
          memory_id: prev.id,
          at: prev.updated_at,
        });
      cur = prev;
    }
    return out.sort((a, b) => b.at - a.at).map(({ at: _at, ...v }) => v);
  }

  /**
   * Profile nickname / assistant name changed: memories that state the old identity
   * would contradict the profile, so they stop being active (reference 000). With
   * `fields`, only the matching side goes: a new nickname retires "call me …", a new
   * assistant name or emoji retires "your name is …"; without, every identity memory.
   */
  deactivateIdentityMemories(
    userId: number,
    meta: WriteMeta = { actor: 'system' },
    fields?: readonly ProfileField[],
  ): { ids: number[] } {
    const user = !fields || fields.includes('nickname');
    const ai = !fields || fields.includes('ai_name') || fields.includes('ai_emoji');
    const ids = this.db.transaction(() => {
      const now = this.now();
      const rows = (
        this.db
          .prepare("SELECT * FROM memories WHERE user_id = ? AND status = 'active'")
          .all(userId) as MemoryRow[]
      ).filter((r) => {
        const who = identityOf(r);
        return who === 'both' || (who === 'user' && user) || (who === 'assistant' && ai);
      });
      for (const r of rows) {
        this.retire(r, 'inactive', now);
        this.audit(userId, meta, 'deactivate-identity', r.id, this.item(r));
      }
      return rows.map((r) => r.id);
    })();
    if (ids.length) this.changed(ids);
    return { ids };
  }

  /** memory_list (reference 000): active, not expired, no internal noise; marks them accessed. */
  listForTool(userId: number, limit: number): MemoryItem[] {
    const now = this.now();
    const rows = this.store
      .active(userId, now)
      .filter((r) => !isNoise(r))
      .slice(0, limit);
    this.store.touch(
      rows.map((r) => r.id),
      now,
    );
    return rows.map((r) => this.item({ ...r, last_accessed_at: now }));
  }

  /** The Memory view's list: active memories by type, newest first, with paging. */
  list(
    userId: number,
    f: {
      memory_type?: MemoryType;
      origin?: MemoryRow['origin'];
      include_expired?: boolean;
      limit?: number;
      offset?: number;
    },
  ): { items: MemoryItem[]; total: number; by_type: { memory_type: MemoryType; count: number }[] } {
    const now = this.now();
    const parts = ['user_id = ?', "status = 'active'", "key NOT LIKE '\\_\\_%' ESCAPE '\\'"];
    const params: unknown[] = [userId];
    if (!f.include_expired) {
      parts.push('(expires_at IS NULL OR expires_at > ?)');
      params.push(now);
    }
    const base = parts.join(' AND ');
    const byType = this.db
      .prepare(
        `SELECT memory_type, COUNT(*) AS count FROM memories WHERE ${base} GROUP BY memory_type ORDER BY memory_type`,
      )
      .all(...params) as { memory_type: MemoryType; count: number }[];
    if (f.memory_type) {
      parts.push('memory_type = ?');
      params.push(f.memory_type);
    }
    if (f.origin) {
      parts.push('origin = ?');
      params.push(f.origin);
    }
    const where = parts.join(' AND ');
    const rows = this.db
      .prepare(
        `SELECT * FROM memories WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, f.limit ?? 100, f.offset ?? 0) as MemoryRow[];
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM memories WHERE ${where}`).get(...params) as {
        n: number;
      }
    ).n;
    return {
      items: rows.map((r) => this.item(r)),
      total,
      by_type: byType.map((b) => ({
        memory_type: normalizeType(b.memory_type, 'other'),
        count: b.count,
      })),
    };
  }

  /** Vector similarity + keyword match, weighted by importance and recency; skips expired/superseded. */
  async recall(
    userId: number,
    query: string,
    k = 5,
    opts: RecallOptions = {},
  ): Promise<MemoryHit[]> {
    const now = this.now();
    const hits = await recallRows(
      { store: this.store, vectors: this.vectors, embedder: this.d.embedder() },
      userId,
      query,
      k,
      now,
      opts,
    );
    if (opts.touch !== false)
      this.store.touch(
        hits.map((h) => h.row.id),
        now,
      );
    return hits.map((h) => ({ ...this.item(h.row), score: h.score, matched_by: h.matchedBy }));
  }

  /** Purges rows deleted longer ago than the undo window (privacy: deleted means gone). */
  purgeDeleted(): number {
    const cutoff = this.now() - UNDO_WINDOW_MS;
    const ids = (
      this.db
        .prepare("SELECT id FROM memories WHERE status = 'deleted' AND deleted_at < ?")
        .all(cutoff) as { id: number }[]
    ).map((r) => r.id);
    if (ids.length === 0) return 0;
    this.db.transaction(() => {
      for (const id of ids) {
        this.db.prepare('UPDATE memories SET supersedes_id = NULL WHERE supersedes_id = ?').run(id);
        this.store.hardDelete(id);
      }
    })();
    return ids.length;
  }
}

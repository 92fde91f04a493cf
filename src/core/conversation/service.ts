import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import { RecentRowsCache } from './recent-cache';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import { PaiError } from '../../shared/errors';
import { usedContextSchema, type ChatMessage, type Conversation } from '../../shared/contract';
import { z } from 'zod';
import { toLocalIso } from '../time';

interface ConversationRow {
  id: number;
  user_id: number;
  title: string;
  archived: number;
  created_at: number;
  last_active_at: number;
  message_count?: number;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  user_id: number;
  turn_id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  tool_calls_json: string | null;
  tool_call_id: string | null;
  tool_name: string | null;
  status: string | null;
  meta_json: string | null;
  created_at: number;
}

export interface StoredToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

const usedListSchema = z.array(usedContextSchema);

export interface NewMessage {
  turnId: string;
  role: MessageRow['role'];
  content: string;
  toolCalls?: StoredToolCall[];
  toolCallId?: string;
  toolName?: string;
  status?: string;
  meta?: Record<string, unknown>;
}

export interface ConversationDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  timeZone: () => string;
}

const TITLE_MAX = 40;
/** Newest rows kept in memory per recently used conversation: the agent's history window (120) plus room for the turn in flight. */
const RECENT_KEEP = 200;

/** Conversations and their stored messages (display, search, and the model's history window). */
export class ConversationService {
  private readonly sql: Statements;
  private readonly recent = new RecentRowsCache(RECENT_KEEP);

  constructor(private readonly d: ConversationDeps) {
    this.sql = new Statements(d.db);
    // Restore and import replace the rows underneath the cache.
    d.events.on('data.changed', (p) => {
      if (p.domain === '*') this.recent.clear();
    });
  }

  /** Prepared once: a turn writes several rows, and preparing costs more than running. */
  private stmt(sql: string): Statement {
    return this.sql.get(sql);
  }

  /** Throws NOT_FOUND unless the conversation exists and is the person's (cheap: no counts). */
  require(userId: number, id: number): void {
    if (!this.exists(userId, id))
      throw new PaiError('NOT_FOUND', `会话 #${id} 不存在 (conversation ${id} not found)`);
  }

  private get db(): Db {
    return this.d.db;
  }

  private toView(r: ConversationRow): Conversation {
    const zone = this.d.timeZone();
    return {
      id: r.id,
      title: r.title,
      created_at: toLocalIso(r.created_at, zone),
      last_active_at: toLocalIso(r.last_active_at, zone),
      archived: r.archived === 1,
      message_count: r.message_count ?? this.count(r.id),
    };
  }

  private count(id: number): number {
    return (
      this.stmt('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(id) as {
        n: number;
      }
    ).n;
  }

  private row(userId: number, id: number): ConversationRow {
    const r = this.stmt('SELECT * FROM conversations WHERE id = ?').get(id) as
      ConversationRow | undefined;
    if (!r || r.user_id !== userId)
      throw new PaiError('NOT_FOUND', `会话 #${id} 不存在 (conversation ${id} not found)`);
    return r;
  }

  exists(userId: number, id: number): boolean {
    const r = this.stmt('SELECT user_id FROM conversations WHERE id = ?').get(id) as
      { user_id: number } | undefined;
    return !!r && r.user_id === userId;
  }

  get(userId: number, id: number): Conversation {
    return this.toView(this.row(userId, id));
  }

  create(userId: number, title = ''): Conversation {
    const now = this.d.clock.now();
    const info = this.stmt(
      'INSERT INTO conversations (user_id, title, created_at, last_active_at) VALUES (?, ?, ?, ?)',
    ).run(userId, title.trim().slice(0, 100), now, now);
    const id = Number(info.lastInsertRowid);
    this.recent.created(id);
    this.changed();
    return this.get(userId, id);
  }

  /** Most recently active, not archived; newest first. */
  list(userId: number, opts: { limit?: number; includeArchived?: boolean } = {}): Conversation[] {
    const rows = this.stmt(
      `SELECT c.*, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
         FROM conversations c WHERE c.user_id = ? ${opts.includeArchived ? '' : 'AND c.archived = 0'}
         ORDER BY c.last_active_at DESC, c.id DESC LIMIT ?`,
    ).all(userId, opts.limit ?? 50) as ConversationRow[];
    return rows.map((r) => this.toView(r));
  }

  /** The conversation the person is in: the given one, else the latest active, else a new one (reference 000). */
  ensureActive(userId: number, id: number | null): Conversation {
    if (id !== null && this.exists(userId, id)) return this.get(userId, id);
    const latest = this.list(userId, { limit: 1 })[0];
    return latest ?? this.create(userId);
  }

  rename(userId: number, id: number, title: string): Conversation {
    this.row(userId, id);
    this.stmt('UPDATE conversations SET title = ? WHERE id = ?').run(
      title.trim().slice(0, 100),
      id,
    );
    this.changed([id]);
    return this.get(userId, id);
  }

  archive(userId: number, id: number, archived: boolean): Conversation {
    this.row(userId, id);
    this.stmt('UPDATE conversations SET archived = ? WHERE id = ?').run(archived ? 1 : 0, id);
    this.changed([id]);
    return this.get(userId, id);
  }

  delete(userId: number, id: number): void {
    this.row(userId, id);
    this.stmt('DELETE FROM conversations WHERE id = ?').run(id);
    this.recent.forget(id);
    this.changed([id]);
  }

  /** Appends messages in one transaction, marks the conversation active, titles it from the first user text. */
  append(userId: number, conversationId: number, msgs: NewMessage[]): number[] {
    if (msgs.length === 0) return [];
    const now = this.d.clock.now();
    const insert = this.stmt(
      `INSERT INTO messages (conversation_id, user_id, turn_id, role, content, tool_calls_json, tool_call_id, tool_name, status, meta_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const rows = this.db.transaction(() => {
      const out: MessageRow[] = [];
      for (const m of msgs) {
        const row: Omit<MessageRow, 'id'> = {
          conversation_id: conversationId,
          user_id: userId,
          turn_id: m.turnId,
          role: m.role,
          content: m.content,
          tool_calls_json: m.toolCalls?.length ? JSON.stringify(m.toolCalls) : null,
          tool_call_id: m.toolCallId ?? null,
          tool_name: m.toolName ?? null,
          status: m.status ?? null,
          meta_json: m.meta ? JSON.stringify(m.meta) : null,
          created_at: now,
        };
        const info = insert.run(
          row.conversation_id,
          row.user_id,
          row.turn_id,
          row.role,
          row.content,
          row.tool_calls_json,
          row.tool_call_id,
          row.tool_name,
          row.status,
          row.meta_json,
          row.created_at,
        );
        out.push({ id: Number(info.lastInsertRowid), ...row });
      }
      // An untitled conversation takes its title from the person's first message.
      const firstUser = msgs.find((m) => m.role === 'user');
      this.stmt(
        "UPDATE conversations SET last_active_at = ?, title = CASE WHEN title = '' AND ? IS NOT NULL THEN ? ELSE title END WHERE id = ?",
      ).run(
        now,
        firstUser ? 1 : null,
        firstUser ? titleFrom(firstUser.content) : null,
        conversationId,
      );
      return out;
    })();
    // Inside a caller's transaction the rows may still be rolled back: re-read them later instead.
    if (this.db.inTransaction) this.recent.forget(conversationId);
    else this.recent.appended(conversationId, rows);
    return rows.map((r) => r.id);
  }

  /**
   * The newest stored rows of a conversation, oldest first, excluding one turn
   * (the turn in flight, whose messages the graph state holds). Bounded by `limit`.
   */
  recentRows(conversationId: number, limit: number, excludeTurn?: string): MessageRow[] {
    const newestId =
      (
        this.stmt('SELECT MAX(id) AS id FROM messages WHERE conversation_id = ?').get(
          conversationId,
        ) as { id: number | null }
      ).id ?? 0;
    const hit = this.recent.read(conversationId, limit, excludeTurn, newestId);
    if (hit) return hit;
    if (limit <= RECENT_KEEP) {
      const newest = (
        this.stmt('SELECT * FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?').all(
          conversationId,
          RECENT_KEEP + 1,
        ) as MessageRow[]
      ).reverse();
      this.recent.load(conversationId, newest, newest.length <= RECENT_KEEP);
      const loaded = this.recent.read(conversationId, limit, excludeTurn, newest.at(-1)?.id ?? 0);
      if (loaded) return loaded;
    }
    const rows = this.stmt(
      `SELECT * FROM messages WHERE conversation_id = ? AND turn_id != ? ORDER BY id DESC LIMIT ?`,
    ).all(conversationId, excludeTurn ?? '', limit) as MessageRow[];
    return rows.reverse();
  }

  messages(
    userId: number,
    id: number,
    opts: { limit?: number; beforeId?: number } = {},
  ): { messages: ChatMessage[]; has_more: boolean } {
    this.row(userId, id);
    const limit = opts.limit ?? 100;
    const rows = this.stmt(
      `SELECT * FROM messages WHERE conversation_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
    ).all(id, opts.beforeId ?? Number.MAX_SAFE_INTEGER, limit + 1) as MessageRow[];
    const has_more = rows.length > limit;
    return {
      messages: rows
        .slice(0, limit)
        .reverse()
        .map((r) => this.messageView(r)),
      has_more,
    };
  }

  search(userId: number, query: string, limit = 50): ChatMessage[] {
    const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this.stmt(
      `SELECT * FROM messages WHERE user_id = ? AND role IN ('user','assistant') AND content LIKE ? ESCAPE '\\'
         ORDER BY id DESC LIMIT ?`,
    ).all(userId, like, limit) as MessageRow[];
    return rows.map((r) => this.messageView(r));
  }

  messageView(r: MessageRow): ChatMessage {
    const meta = r.meta_json ? (JSON.parse(r.meta_json) as Record<string, unknown>) : {};
    const out: ChatMessage = {
      id: r.id,
      conversation_id: r.conversation_id,
      turn_id: r.turn_id,
      role: r.role,
      content: r.content,
      created_at: toLocalIso(r.created_at, this.d.timeZone()),
    };
    if (Array.isArray(meta.images) && meta.images.length) out.images = meta.images as string[];
    if (r.tool_calls_json) out.tool_calls = JSON.parse(r.tool_calls_json) as StoredToolCall[];
    if (r.role === 'tool') {
      out.tool = {
        call_id: r.tool_call_id ?? '',
        name: r.tool_name ?? '',
        status: (r.status ?? 'ok') as 'ok' | 'error' | 'skipped' | 'answered',
        ...(typeof meta.latency_ms === 'number' ? { latency_ms: meta.latency_ms } : {}),
        ...(typeof meta.summary === 'string' ? { summary: meta.summary } : {}),
      };
    }
    if (r.role === 'assistant' && (r.status === 'complete' || r.status === 'cancelled'))
      out.status = r.status;
    if (r.role === 'assistant' && meta.used !== undefined) {
      // Stored JSON is a boundary too: a malformed list is left out, not passed on.
      const used = usedListSchema.safeParse(meta.used);
      if (used.success && used.data.length) out.used = used.data;
    }
    return out;
  }

  private changed(ids?: number[]): void {
    this.d.events.emit(
      'data.changed',
      ids ? { domain: 'conversation', ids } : { domain: 'conversation' },
    );
  }
}

function titleFrom(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > TITLE_MAX ? `${one.slice(0, TITLE_MAX)}…` : one;
}

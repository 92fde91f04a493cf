import type { MessageRow } from './service';

interface Entry {
  /** The newest rows of the conversation, oldest first. */
  rows: MessageRow[];
  /** True when `rows` holds every row of the conversation (nothing older on disk). */
  complete: boolean;
}

/**
 * The newest message rows of the most recently used conversations, so a chat
 * turn builds its history without reading ~120 rows from SQLite each time.
 * Rows are only ever inserted (through ConversationService.append), and whole
 * conversations deleted; the service keeps this in step with both, clears it
 * when the data underneath is replaced (restore, import), and checks each
 * read against the newest row id on disk.
 */
export class RecentRowsCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    /** Rows kept per conversation: the history window plus room for the turn in flight. */
    private readonly keep: number,
    private readonly conversations = 8,
  ) {}

  /**
   * The rows `recentRows` asks for, or null when the cache cannot answer for sure.
   * `newestId` is the conversation's newest row id on disk: another writer (the
   * CLI on the same data folder) shows up as a different one.
   */
  read(
    conversationId: number,
    limit: number,
    excludeTurn: string | undefined,
    newestId: number,
  ): MessageRow[] | null {
    const e = this.entries.get(conversationId);
    if (!e || (e.rows.at(-1)?.id ?? 0) !== newestId) return null;
    const rows =
      excludeTurn === undefined ? e.rows : e.rows.filter((r) => r.turn_id !== excludeTurn);
    if (rows.length < limit && !e.complete) return null;
    this.touch(conversationId, e);
    return rows.length > limit ? rows.slice(rows.length - limit) : rows.slice();
  }

  /** Stores the newest rows of a conversation as read from SQLite (oldest first). */
  load(conversationId: number, rows: MessageRow[], complete: boolean): void {
    this.touch(conversationId, {
      rows: rows.slice(-this.keep),
      complete: complete && rows.length <= this.keep,
    });
  }

  /** A conversation just created has no rows. */
  created(conversationId: number): void {
    this.touch(conversationId, { rows: [], complete: true });
  }

  appended(conversationId: number, rows: MessageRow[]): void {
    const e = this.entries.get(conversationId);
    if (!e) return;
    e.rows.push(...rows);
    if (e.rows.length > this.keep) {
      e.rows.splice(0, e.rows.length - this.keep);
      e.complete = false;
    }
  }

  forget(conversationId: number): void {
    this.entries.delete(conversationId);
  }

  clear(): void {
    this.entries.clear();
  }

  private touch(conversationId: number, e: Entry): void {
    this.entries.delete(conversationId);
    this.entries.set(conversationId, e);
    if (this.entries.size > this.conversations)
      this.entries.delete(this.entries.keys().next().value!);
  }
}

import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { openDatabase, type Db } from '../db/connection';

export const CHECKPOINT_FILE = 'agent-checkpoints.db';

/**
 * The graph's checkpoints live in a sibling file of the main database:
 * - they hold only in-flight turn state (the person's data and full history
 *   are in pai.db), so they can use synchronous=NORMAL (no fsync per graph
 *   step) while user data keeps synchronous=FULL;
 * - the library creates and owns its tables (checkpoints, writes) outside
 *   our versioned migrations, so they stay out of the user-data schema;
 * - losing the file loses at most a pending approval, never data.
 */
export function openCheckpointer(dataDir: string): { saver: SqliteSaver; db: Db } {
  const db = openDatabase(join(dataDir, CHECKPOINT_FILE), { vec: false });
  db.pragma('synchronous = NORMAL');
  return { saver: new SqliteSaver(db), db };
}

/** Threads that have graph state on disk (turns waiting for the person). */
export function storedThreads(db: Db): string[] {
  // The saver creates its tables on first use; no table yet means nothing stored.
  if (
    !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'").get()
  )
    return [];
  return (
    db.prepare('SELECT DISTINCT thread_id FROM checkpoints').all() as { thread_id: string }[]
  ).map((r) => r.thread_id);
}

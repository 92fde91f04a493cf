import { z } from 'zod';
import type { Db } from '../db/connection';
import type { ApprovalAnswer } from './nodes/guardrail';

const answersSchema = z.record(z.string(), z.boolean());

/**
 * Answers given so far to an approval request with several calls (call id →
 * approved), kept beside the graph checkpoints so that a restart between two
 * answers does not make the person answer again. One row per conversation;
 * the row goes when the request is answered in full, replaced or dropped.
 */
export class PendingAnswers {
  constructor(private readonly db: Db) {
    // In-flight turn state, like LangGraph's own tables in this file: outside the versioned schema.
    db.exec(
      'CREATE TABLE IF NOT EXISTS pai_pending_answers (conversation_id INTEGER PRIMARY KEY, answers_json TEXT NOT NULL)',
    );
  }

  get(conversationId: number): ApprovalAnswer {
    const row = this.db
      .prepare('SELECT answers_json FROM pai_pending_answers WHERE conversation_id = ?')
      .get(conversationId) as { answers_json: string } | undefined;
    if (!row) return {};
    try {
      const parsed = answersSchema.safeParse(JSON.parse(row.answers_json));
      return parsed.success ? parsed.data : {};
    } catch {
      // A damaged row only means the person answers again.
      return {};
    }
  }

  set(conversationId: number, answers: ApprovalAnswer): void {
    this.db
      .prepare(
        'INSERT INTO pai_pending_answers (conversation_id, answers_json) VALUES (?, ?) ON CONFLICT(conversation_id) DO UPDATE SET answers_json = excluded.answers_json',
      )
      .run(conversationId, JSON.stringify(answers));
  }

  delete(conversationId: number): void {
    this.db
      .prepare('DELETE FROM pai_pending_answers WHERE conversation_id = ?')
      .run(conversationId);
  }
}

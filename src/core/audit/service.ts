import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { PaiError } from '../../shared/errors';

export type Actor = 'user' | 'agent' | 'cli' | 'system';

export interface AuditEvent {
  userId: number;
  actor: Actor;
  action: string;
  entity: string;
  entityId?: number | null;
  before?: unknown;
  after?: unknown;
  conversationId?: number | null;
}

export interface AuditRow {
  id: number;
  user_id: number;
  actor: string;
  action: string;
  entity: string;
  entity_id: number | null;
  before: unknown;
  after: unknown;
  conversation_id: number | null;
  created_at: string;
}

/** Who changed what, with before/after snapshots. Written in the same transaction as the change. */
export class AuditService {
  private insert: Statement | null = null;

  constructor(private readonly db: Db) {}

  /** Records one change; returns the audit row id (undo tokens point at it). */
  record(e: AuditEvent): number {
    this.insert ??= this.db.prepare(
      `INSERT INTO audit_log (user_id, actor, action, entity, entity_id, before_json, after_json, conversation_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const info = this.insert.run(
      e.userId,
      e.actor,
      e.action,
      e.entity,
      e.entityId ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.conversationId ?? null,
    );
    return Number(info.lastInsertRowid);
  }

  /** Records a change the person (or the agent for them) made to one entity; returns the audit row id. */
  change(
    entity: string,
    userId: number,
    meta: { actor: Actor; conversationId?: number | null },
    action: string,
    entityId: number,
    snapshots: { before?: unknown; after?: unknown } = {},
  ): number {
    return this.record({
      userId,
      actor: meta.actor,
      action,
      entity,
      entityId,
      ...snapshots,
      conversationId: meta.conversationId,
    });
  }

  /** A delete's undo token: it names the audit row that holds the snapshot. */
  static undoToken(entity: string, auditId: number): string {
    return `${entity}-delete:${auditId}`;
  }

  /**
   * The snapshot an undo token points at, if it is a delete of this entity by
   * this person; otherwise a clear error (the caller restores inside its transaction).
   */
  deleted<T>(
    entity: string,
    token: string,
    userId: number,
  ): { entityId: number | null; before: T } {
    const m = /^([a-z]+)-delete:(\d+)$/.exec(token);
    if (!m || m[1] !== entity)
      throw new PaiError('VALIDATION_FAILED', '无效的撤销令牌 (invalid undo token)');
    const a = this.db
      .prepare(
        "SELECT user_id, entity_id, before_json FROM audit_log WHERE id = ? AND entity = ? AND action = 'delete'",
      )
      .get(Number(m[2]), entity) as
      { user_id: number; entity_id: number | null; before_json: string | null } | undefined;
    if (!a || a.user_id !== userId || a.before_json === null)
      throw new PaiError('NOT_FOUND', '没有可撤销的删除 (nothing to undo)');
    return { entityId: a.entity_id, before: JSON.parse(a.before_json) as T };
  }

  list(entity: string, entityId?: number, limit = 100): AuditRow[] {
    const rows = (
      entityId === undefined
        ? this.db
            .prepare('SELECT * FROM audit_log WHERE entity = ? ORDER BY id DESC LIMIT ?')
            .all(entity, limit)
        : this.db
            .prepare(
              'SELECT * FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id DESC LIMIT ?',
            )
            .all(entity, entityId, limit)
    ) as (Omit<AuditRow, 'before' | 'after'> & {
      before_json: string | null;
      after_json: string | null;
    })[];
    return rows.map(({ before_json, after_json, ...r }) => ({
      ...r,
      before: before_json ? JSON.parse(before_json) : null,
      after: after_json ? JSON.parse(after_json) : null,
    }));
  }
}

import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import type { EventBus } from '../events';
import type { Actor, AuditService } from '../audit/service';
import type { Profile, ProfileUpdate } from '../../shared/contract';
import { PaiError } from '../../shared/errors';

export type ProfileField = 'nickname' | 'ai_name' | 'ai_emoji';

export interface ProfileChange {
  userId: number;
  before: Profile;
  after: Profile;
  changed: ProfileField[];
  actor: Actor;
}

/** Called after an identity field changed (e.g. memory deactivates identity memories). */
export type ProfileChangeHook = (change: ProfileChange) => void | Promise<void>;

const FIELDS: ProfileField[] = ['nickname', 'ai_name', 'ai_emoji'];

/** The person's profile (users row): nickname, the assistant's name and emoji. */
export class ProfileService {
  private readonly hooks = new Set<ProfileChangeHook>();
  private getStmt: Statement | undefined;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly events: EventBus,
  ) {}

  /** Registers a hook run after each change; returns an unsubscribe function. */
  onChanged(hook: ProfileChangeHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  get(userId: number): Profile {
    // Read before every model call (system prompt): prepared once.
    this.getStmt ??= this.db.prepare(
      'SELECT nickname, ai_name, ai_emoji, email, platform FROM users WHERE id = ?',
    );
    const r = this.getStmt.get(userId) as Profile | undefined;
    if (!r) throw new PaiError('NOT_FOUND', `用户 #${userId} 不存在 (user not found)`);
    return r;
  }

  async update(
    userId: number,
    patch: ProfileUpdate,
    actor: Actor,
  ): Promise<{ profile: Profile; changed: ProfileField[] }> {
    const before = this.get(userId);
    const next = { ...before };
    const changed: ProfileField[] = [];
    for (const f of FIELDS) {
      const v = patch[f];
      if (v !== undefined && v.trim() !== before[f]) {
        next[f] = v.trim();
        changed.push(f);
      }
    }
    if (changed.length === 0) return { profile: before, changed };
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE users SET nickname = ?, ai_name = ?, ai_emoji = ? WHERE id = ?')
        .run(next.nickname, next.ai_name, next.ai_emoji, userId);
      this.audit.record({
        userId,
        actor,
        action: 'update',
        entity: 'profile',
        entityId: userId,
        before,
        after: next,
      });
    })();
    const after = this.get(userId);
    for (const hook of this.hooks) {
      try {
        await hook({ userId, before, after, changed, actor });
      } catch (e) {
        // A failing listener must not undo the person's change; it is reported, not thrown.
        console.error('profile hook failed:', e instanceof Error ? e.message : e);
      }
    }
    this.events.emit('data.changed', { domain: 'profile', ids: [userId] });
    return { profile: after, changed };
  }
}

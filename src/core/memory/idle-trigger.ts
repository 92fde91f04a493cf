import type { EventBus } from '../events';
import type { CoreContext, PaiModule } from '../module';
import type { ConversationMessage, LearnOutcome, MemoryLearner } from './learner';
import type { MemoryService } from './service';

/** How many of a conversation's newest messages the learner reads per pass. */
const RECENT_MESSAGES = 40;

export interface IdleTriggerDeps {
  events: EventBus;
  /** Minutes of quiet after a turn before learning runs (memory settings). */
  idleMinutes: () => number;
  enabled: () => boolean;
  /** Newest messages of a conversation, oldest first; null when it no longer exists. */
  recent: (conversationId: number, limit: number) => ConversationMessage[] | null;
  learn: (conversationId: number, messages: ConversationMessage[]) => Promise<LearnOutcome>;
  /** Called after each pass (tests, logs). */
  onOutcome?: (conversationId: number, outcome: LearnOutcome) => void;
}

/**
 * Arms one idle timer per conversation when a turn ends; a new turn, deleting the
 * conversation or stopping the app clears it. When it fires and learning is on,
 * the learner reads the conversation's recent messages.
 */
export class IdleLearnTrigger {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly off: Array<() => void> = [];
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly d: IdleTriggerDeps) {}

  start(): void {
    if (this.off.length) return;
    this.off.push(
      this.d.events.on('chat.event', (e) => {
        if (e.type === 'turn_start') this.clear(e.conversation_id);
        // A turn waiting for an approval or answer is not finished; it arms when it ends.
        else if (e.type === 'turn_end' && e.status !== 'waiting') this.arm(e.conversation_id);
      }),
      this.d.events.on('data.changed', (p) => {
        if (p.domain === '*') return this.clearAll();
        if (p.domain !== 'conversation') return;
        // A deleted conversation has nothing left to learn from.
        for (const id of p.ids ?? [...this.timers.keys()])
          if (this.timers.has(id) && this.d.recent(id, 1) === null) this.clear(id);
      }),
    );
  }

  stop(): void {
    for (const f of this.off.splice(0)) f();
    this.clearAll();
  }

  /** Conversations with an armed timer (tests). */
  pending(): number[] {
    return [...this.timers.keys()];
  }

  private arm(conversationId: number): void {
    this.clear(conversationId);
    if (!this.d.enabled()) return;
    const ms = Math.max(1, this.d.idleMinutes()) * 60_000;
    const t = setTimeout(() => {
      this.timers.delete(conversationId);
      const p = this.fire(conversationId).finally(() => this.running.delete(p));
      this.running.add(p);
    }, ms);
    t.unref?.();
    this.timers.set(conversationId, t);
  }

  /** Resolves when the learning passes already started have finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async fire(conversationId: number): Promise<void> {
    // The switch may have been turned off while the timer waited.
    if (!this.d.enabled()) return;
    let outcome: LearnOutcome;
    try {
      const messages = this.d.recent(conversationId, RECENT_MESSAGES);
      if (!messages) return;
      outcome = await this.d.learn(conversationId, messages);
    } catch (e) {
      outcome = { status: 'failed', error: e instanceof Error ? e.message : String(e) };
    }
    this.d.onOutcome?.(conversationId, outcome);
  }

  private clear(conversationId: number): void {
    const t = this.timers.get(conversationId);
    if (t !== undefined) clearTimeout(t);
    this.timers.delete(conversationId);
  }

  private clearAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/** What the trigger needs of the conversation store (kept structural: memory does not depend on it). */
export interface ConversationSource {
  exists(userId: number, id: number): boolean;
  recentRows(
    conversationId: number,
    limit: number,
  ): { id: number; role: 'user' | 'assistant' | 'tool'; content: string }[];
}

/** The trigger wired to the app: memory settings, the learner, the conversation store, the local user. */
export function idleLearnTrigger(
  ctx: CoreContext,
  memory: { service: MemoryService; learner: MemoryLearner },
  conversations: ConversationSource,
  userId = 1,
): IdleLearnTrigger & { module: PaiModule } {
  const trigger = new IdleLearnTrigger({
    events: ctx.events,
    enabled: () => memory.service.settings().learnEnabled,
    idleMinutes: () => memory.service.settings().learnIdleMinutes,
    recent: (id, limit) =>
      conversations.exists(userId, id)
        ? conversations
            .recentRows(id, limit)
            .map((r) => ({ id: r.id, role: r.role, content: r.content }))
        : null,
    learn: (id, messages) => memory.learner.onConversationIdle(id, messages, userId),
  });
  const module: PaiModule = {
    name: 'memory-idle-learn',
    start: () => trigger.start(),
    stop: async () => {
      trigger.stop();
      await trigger.settled();
    },
  };
  return Object.assign(trigger, { module });
}

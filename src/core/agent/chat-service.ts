import { randomUUID } from 'node:crypto';
import { Command, isGraphInterrupt } from '@langchain/langgraph';
import { HumanMessage } from '@langchain/core/messages';
import type { Locale, Pending, OpInput, OpOutput } from '../../shared/contract';
import { PaiError } from '../../shared/errors';
import type { EventBus } from '../events';
import type { ConversationService, MessageRow } from '../conversation/service';
import type { ToolExecutor } from '../tools/executor';
import type { ModelRegistry } from '../module';
import { buildAgentGraph, type AgentGraph } from './graph';
import type { AgentDeps } from './deps';
import { threadId, type AgentRuntime, type ChatEventBody } from './runtime';
import type { ApprovalInterrupt, ApprovalAnswer } from './nodes/guardrail';
import type { ClarifyInterrupt } from './nodes/clarify';
import { classifyModelError } from './providers/errors';
import { say } from './messages';
import type { TurnCheckpointer } from './turn-checkpointer';
import type { PendingAnswers } from './pending-answers';

type Interrupt = ApprovalInterrupt | ClarifyInterrupt;

export interface ChatServiceDeps extends AgentDeps {
  events: EventBus;
  checkpointer: TurnCheckpointer;
  /** Answers given so far to a pending approval request (survive a restart). */
  answers: PendingAnswers;
  executor: ToolExecutor;
  models: ModelRegistry;
  conversations: ConversationService;
  locale: () => Locale;
  timeZone: () => string;
}

interface Running {
  turnId: string;
  controller: AbortController;
  done: Promise<void>;
}

const RECURSION_LIMIT = 40;
type TurnStatus = 'completed' | 'waiting' | 'cancelled' | 'error';

/**
 * Runs chat turns: one graph thread per conversation, one turn at a time per
 * conversation. send/resume return at once; progress goes out as chat.event.
 */
export class ChatService {
  private readonly graph: AgentGraph;
  private readonly running = new Map<number, Running>();
  /** Conversations between a send/resume call and their turn starting (closes the await gap). */
  private readonly claiming = new Set<number>();

  constructor(private readonly d: ChatServiceDeps) {
    this.graph = buildAgentGraph(d, d.checkpointer);
  }

  private config(conversationId: number) {
    return { configurable: { thread_id: threadId(conversationId) } };
  }

  private async interruptOf(
    conversationId: number,
  ): Promise<{ value: Interrupt; turnId: string } | null> {
    if (this.d.checkpointer.isEmpty(threadId(conversationId))) return null;
    const snap = await this.graph.getState(this.config(conversationId));
    for (const t of snap.tasks ?? []) {
      for (const i of t.interrupts ?? []) {
        const v = i.value as Interrupt | undefined;
        if (v && (v.kind === 'approval' || v.kind === 'clarify')) {
          return { value: v, turnId: (snap.values as { turnId?: string }).turnId ?? '' };
        }
      }
    }
    return null;
  }

  private toPending(conversationId: number, p: { value: Interrupt; turnId: string }): Pending {
    if (p.value.kind === 'clarify') {
      const { call_id, question, options } = p.value;
      return { kind: 'clarify', turn_id: p.turnId, call_id, question, options };
    }
    return {
      kind: 'approval',
      turn_id: p.turnId,
      calls: p.value.calls,
      answered: this.d.answers.get(conversationId),
    };
  }

  async state(userId: number, conversationId: number): Promise<OpOutput<'chat.state'>> {
    this.d.conversations.require(userId, conversationId);
    const run = this.running.get(conversationId);
    if (run) return { running: true, turn_id: run.turnId, pending: null };
    const p = await this.interruptOf(conversationId);
    return {
      running: false,
      turn_id: p?.turnId ?? null,
      pending: p ? this.toPending(conversationId, p) : null,
    };
  }

  async send(userId: number, input: OpInput<'chat.send'>): Promise<OpOutput<'chat.send'>> {
    const locale = this.d.locale();
    if (!this.d.models.chat()) throw new PaiError('NOT_CONFIGURED', say('NOT_CONFIGURED', locale));
    let conv: { id: number };
    if (input.conversation_id !== undefined) {
      this.d.conversations.require(userId, input.conversation_id);
      conv = { id: input.conversation_id };
    } else conv = this.d.conversations.create(userId);
    this.claim(conv.id, locale);
    try {
      await this.supersede(userId, conv.id);
    } catch (e) {
      this.claiming.delete(conv.id);
      throw e;
    }
    const turnId = randomUUID();
    const images = input.images ?? [];
    const [userMessageId] = this.d.conversations.append(userId, conv.id, [
      { turnId, role: 'user', content: input.text, ...(images.length ? { meta: { images } } : {}) },
    ]);
    const human = new HumanMessage({
      content: images.length
        ? [
            { type: 'text', text: input.text },
            ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
          ]
        : input.text,
    });
    this.d.events.emit('data.changed', { domain: 'conversation', ids: [conv.id] });
    this.start(
      userId,
      conv.id,
      turnId,
      { messages: [human], turnId, approved: [] },
      { text: input.text, images, userMessageId: userMessageId! },
    );
    return { conversation_id: conv.id, turn_id: turnId, user_message_id: userMessageId! };
  }

  /**
   * A new message while an approval or question is pending replaces that turn:
   * its open calls are recorded as not run, and the thread starts fresh.
   */
  private async supersede(userId: number, conversationId: number): Promise<void> {
    if (this.d.checkpointer.isEmpty(threadId(conversationId))) return;
    const p = await this.interruptOf(conversationId);
    if (p) {
      const calls =
        p.value.kind === 'approval'
          ? p.value.calls.map((c) => ({ id: c.call_id, name: c.tool }))
          : [{ id: p.value.call_id, name: 'clarify' }];
      this.d.conversations.append(
        userId,
        conversationId,
        calls.map((c) => ({
          turnId: p.turnId,
          role: 'tool' as const,
          content: '[已跳过] 用户没有回答，已开始新的消息。',
          toolCallId: c.id,
          toolName: c.name,
          status: 'skipped',
        })),
      );
    }
    this.d.answers.delete(conversationId);
    await this.d.checkpointer.deleteThread(threadId(conversationId));
  }

  async resume(userId: number, input: OpInput<'chat.resume'>): Promise<OpOutput<'chat.resume'>> {
    const locale = this.d.locale();
    const convId = input.conversation_id;
    this.d.conversations.require(userId, convId);
    this.claim(convId, locale);
    try {
      return await this.resumeClaimed(userId, convId, input, locale);
    } finally {
      // start() releases the claim when the turn runs; a partial answer or an error releases it here.
      if (!this.running.has(convId)) this.claiming.delete(convId);
    }
  }

  /** One turn at a time per conversation, also across the awaits before it starts. */
  private claim(conversationId: number, locale: Locale): void {
    if (this.running.has(conversationId) || this.claiming.has(conversationId))
      throw new PaiError('CONFLICT', say('BUSY', locale));
    this.claiming.add(conversationId);
  }

  private async resumeClaimed(
    userId: number,
    convId: number,
    input: OpInput<'chat.resume'>,
    locale: Locale,
  ): Promise<OpOutput<'chat.resume'>> {
    const p = await this.interruptOf(convId);
    if (!p) throw new PaiError('CONFLICT', say('NOTHING_PENDING', locale));
    let resume: ApprovalAnswer | string;
    if (p.value.kind === 'approval') {
      if (!input.approvals?.length)
        throw new PaiError('VALIDATION_FAILED', 'approvals are required for this turn');
      const known = new Map(p.value.calls.map((c) => [c.call_id, c]));
      const answers = this.d.answers.get(convId);
      for (const a of input.approvals) {
        const call = known.get(a.call_id);
        if (!call) throw new PaiError('VALIDATION_FAILED', `Unknown call id: ${a.call_id}`);
        answers[a.call_id] = a.approved;
        if (a.approved && a.always_allow) {
          const def = this.d.executor.get(call.tool);
          if (def) this.d.executor.setSetting(def.source, def.name, { approval: 'always_allow' });
        }
      }
      this.d.answers.set(convId, answers);
      if (p.value.calls.some((c) => !(c.call_id in answers)))
        return { turn_id: p.turnId, resumed: false };
      resume = answers;
    } else {
      if (!input.clarify || input.clarify.call_id !== p.value.call_id) {
        throw new PaiError(
          'VALIDATION_FAILED',
          `clarify answer for call ${p.value.call_id} is required`,
        );
      }
      resume = input.clarify.answer;
    }
    this.d.answers.delete(convId);
    const turn = this.turnContext(convId, p.turnId);
    this.start(userId, convId, p.turnId, new Command({ resume }), { ...turn, userMessageId: null });
    return { turn_id: p.turnId, resumed: true };
  }

  /** The person's text and images of a turn, from the stored message (also after a restart). */
  private turnContext(conversationId: number, turnId: string): { text: string; images: string[] } {
    const row = this.d.conversations
      .recentRows(conversationId, 50)
      .find((r: MessageRow) => r.turn_id === turnId && r.role === 'user');
    const meta = row?.meta_json ? (JSON.parse(row.meta_json) as { images?: string[] }) : {};
    return { text: row?.content ?? '', images: meta.images ?? [] };
  }

  cancel(conversationId: number): { cancelled: boolean } {
    const run = this.running.get(conversationId);
    if (!run) return { cancelled: false };
    run.controller.abort();
    return { cancelled: true };
  }

  /** Resolves when the conversation's current turn (if any) has finished or paused. */
  async idle(conversationId: number): Promise<void> {
    await this.running.get(conversationId)?.done;
  }

  /** Stops every turn and drops the thread state (conversation deleted). */
  async forget(conversationId: number): Promise<void> {
    this.cancel(conversationId);
    await this.idle(conversationId);
    this.d.answers.delete(conversationId);
    await this.d.checkpointer.deleteThread(threadId(conversationId));
    // Its row ids may be taken again by later messages.
    this.d.historyCache.clear();
  }

  async stopAll(): Promise<void> {
    for (const id of [...this.running.keys()]) this.cancel(id);
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private start(
    userId: number,
    conversationId: number,
    turnId: string,
    input: Parameters<AgentGraph['stream']>[0],
    turn: { text: string; images: string[]; userMessageId: number | null },
  ): void {
    const controller = new AbortController();
    const emit = (e: ChatEventBody) =>
      this.d.events.emit('chat.event', {
        ...e,
        conversation_id: conversationId,
        turn_id: turnId,
      } as never);
    const rt: AgentRuntime = {
      userId,
      conversationId,
      turnId,
      locale: this.d.locale(),
      timeZone: this.d.timeZone(),
      imageUrls: turn.images,
      query: turn.text,
      emit,
      signal: controller.signal,
      counters: { external: 0, crawl: 0 },
      step: 0,
    };
    emit({ type: 'turn_start', user_message_id: turn.userMessageId });
    const done = this.run(rt, input, controller).then(async (status) => {
      try {
        // Only a turn waiting for the person keeps its state (flushed in run); the next message starts clean.
        if (status !== 'waiting') await this.d.checkpointer.discard(threadId(conversationId));
      } finally {
        // Free the conversation before saying the turn ended, so a send right after turn_end is accepted.
        this.running.delete(conversationId);
        emit({ type: 'turn_end', status });
        this.d.events.emit('data.changed', { domain: 'conversation', ids: [conversationId] });
      }
    });
    this.running.set(conversationId, { turnId, controller, done });
    this.claiming.delete(conversationId);
  }

  /** Runs the graph until it ends or waits for the person; emits everything but turn_end. */
  private async run(
    rt: AgentRuntime,
    input: Parameters<AgentGraph['stream']>[0],
    controller: AbortController,
  ): Promise<TurnStatus> {
    let interrupted: Interrupt | null = null;
    try {
      const stream = await this.graph.stream(input, {
        ...this.config(rt.conversationId),
        context: rt,
        signal: controller.signal,
        streamMode: 'updates',
        recursionLimit: RECURSION_LIMIT,
        // One checkpoint when the run stops, not one per step; the TurnCheckpointer keeps it in memory
        // and writes it to disk only if the run waits for the person (the messages table holds the rest).
        durability: 'exit',
      });
      for await (const chunk of stream) {
        const intr = (chunk as { __interrupt__?: { value?: Interrupt }[] }).__interrupt__;
        if (intr?.[0]?.value) interrupted = intr[0].value;
      }
    } catch (e) {
      if (isGraphInterrupt(e)) return 'waiting'; // not expected with stream(), kept for safety
      if (controller.signal.aborted) return 'cancelled';
      const err = classifyModelError(e, rt.locale);
      if (err.code === 'INTERNAL') console.error('chat turn failed:', e);
      rt.emit({ type: 'error', code: err.code, message: err.message });
      return 'error';
    }
    if (controller.signal.aborted) return 'cancelled';
    if (interrupted) {
      try {
        // Saved before the person is asked, so the question survives a restart; a new request starts unanswered.
        await this.d.checkpointer.flush(threadId(rt.conversationId));
        this.d.answers.delete(rt.conversationId);
      } catch (e) {
        console.error('saving a pending turn failed:', e);
        rt.emit({ type: 'error', code: 'INTERNAL', message: say('INTERNAL', rt.locale) });
        return 'error';
      }
    }
    if (interrupted?.kind === 'approval') {
      rt.emit({ type: 'approval_request', calls: interrupted.calls });
    } else if (interrupted?.kind === 'clarify') {
      const { call_id, question, options } = interrupted;
      rt.emit({ type: 'clarify_request', call_id, question, options });
    }
    return interrupted ? 'waiting' : 'completed';
  }
}

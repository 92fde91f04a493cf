import type { BaseMessage } from '@langchain/core/messages';
import type { Locale, ChatEvent, UsedContext } from '../../shared/contract';
import type { AnyToolDef, TurnCounters } from '../tools/types';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event without the ids every event carries; the runtime adds them. */
export type ChatEventBody = DistributiveOmit<ChatEvent, 'conversation_id' | 'turn_id'>;

/**
 * Runtime context of one graph run: injected by the runner through
 * LangGraph's `context`, never produced by the model, never checkpointed.
 */
export type AgentRuntime = {
  userId: number;
  conversationId: number;
  turnId: string;
  locale: Locale;
  timeZone: string;
  /** Images attached to this turn's message. */
  imageUrls: string[];
  /** The person's latest text, for recall relevance. */
  query: string;
  emit(event: ChatEventBody): void;
  signal: AbortSignal;
  counters: TurnCounters;
  /** Model calls so far in this run. */
  step: number;
  /** Filled lazily, once per run: the same for every model call of the run. */
  history?: BaseMessage[];
  prepared?: { system: string; tools: AnyToolDef[] };
  /** What the prompt providers put in (the `context` event), stored with this run's answers. */
  used?: UsedContext[];
};

export const SKIPPED_TEXT = '[已跳过] 用户本轮未批准执行该操作。';
export const threadId = (conversationId: number): string => `conversation-${conversationId}`;

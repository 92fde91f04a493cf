import { Annotation, messagesStateReducer } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';

/**
 * Graph state = the turn in flight only: the person's message and what the
 * model and tools produced since. Older history comes from the messages
 * table, trimmed to a budget, so checkpoints stay small and a turn costs the
 * same at message 10 and message 1,000.
 */
export const AgentState = Annotation.Root({
  messages: Annotation<BaseMessage[]>({ reducer: messagesStateReducer, default: () => [] }),
  turnId: Annotation<string>(),
  /** Call ids of the last assistant message cleared to run (auto or approved). */
  approved: Annotation<string[]>({ reducer: (_a, b) => b, default: () => [] }),
});
export type AgentStateType = typeof AgentState.State;
export type AgentStateUpdate = typeof AgentState.Update;

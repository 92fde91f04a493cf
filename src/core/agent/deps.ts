import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import { isAIMessage, ToolMessage } from '@langchain/core/messages';
import type { Clock } from '../clock';
import type { ModelRegistry, PromptContextProvider } from '../module';
import type { ConversationService } from '../conversation/service';
import type { ProfileService } from '../profile/service';
import type { ToolExecutor } from '../tools/executor';
import type { ToolRegistry } from '../tools/registry';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { AgentRuntime } from './runtime';
import type { HistoryCache } from './history';

/** What the graph's nodes use; built once per app (factory with dependencies, easy to test). */
export interface AgentDeps {
  models: ModelRegistry;
  conversations: ConversationService;
  profile: ProfileService;
  executor: ToolExecutor;
  registry: ToolRegistry;
  clock: Clock;
  promptProviders: () => PromptContextProvider[];
  /** Limit of one model call, ms. */
  modelTimeoutMs: number;
  /** Built history messages reused across turns. */
  historyCache: HistoryCache;
}

export function runtimeOf(config: LangGraphRunnableConfig): AgentRuntime {
  const rt = config.context as AgentRuntime | undefined;
  if (!rt) throw new Error('agent graph run without runtime context');
  return rt;
}

export function lastAI(messages: BaseMessage[]): AIMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (isAIMessage(m)) return m;
  }
  return null;
}

/** Calls of the last assistant message that have no result yet. */
export function openCalls(messages: BaseMessage[]): NonNullable<AIMessage['tool_calls']> {
  const ai = lastAI(messages);
  if (!ai?.tool_calls?.length) return [];
  const answered = new Set(
    messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).map((m) => m.tool_call_id),
  );
  return ai.tool_calls.filter((c) => c.id && !answered.has(c.id));
}

/** Args the model sent that were not valid JSON are marked by the agent node with this key. */
export const INVALID_ARGS_KEY = '__pai_invalid_args';

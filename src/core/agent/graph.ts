import { Command, END, START, StateGraph } from '@langchain/langgraph';
import type { BaseCheckpointSaver, LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import { AgentState, type AgentStateType, type AgentStateUpdate } from './state';
import { lastAI, openCalls, type AgentDeps } from './deps';
import { CLARIFY_TOOL } from './clarify';
import { agentNode } from './nodes/agent';
import { guardrailNode } from './nodes/guardrail';
import { clarifyNode } from './nodes/clarify';
import { toolsNode } from './nodes/tools';

/** After the model: no calls → end; a clarify call → clarify; otherwise → guardrail (reference 004). */
export function routeAfterAgent(state: AgentStateType): 'clarify' | 'guardrail' | typeof END {
  const calls = lastAI(state.messages)?.tool_calls ?? [];
  if (calls.length === 0) return END;
  if (calls.some((c) => c.name === CLARIFY_TOOL)) return 'clarify';
  return 'guardrail';
}

/** After a clarify answer: other calls of the same message still need the guardrail. */
export function routeAfterClarify(state: AgentStateType): 'guardrail' | 'agent' {
  return openCalls(state.messages).length > 0 ? 'guardrail' : 'agent';
}

/**
 * agent → (clarify | guardrail → tools) → agent, checkpointed per conversation
 * thread. The two decisions after agent and clarify are made by the nodes
 * themselves (a Command with the update and where to go next), with the same
 * routing functions: one graph step less per decision than a conditional edge.
 */
export function buildAgentGraph(deps: AgentDeps, checkpointer: BaseCheckpointSaver) {
  const agent = agentNode(deps);
  const clarify = clarifyNode(deps);
  const after = (state: AgentStateType, update: AgentStateUpdate): AgentStateType => ({
    ...state,
    messages: [...state.messages, ...((update.messages as BaseMessage[] | undefined) ?? [])],
  });
  return new StateGraph(AgentState)
    .addNode(
      'agent',
      async (state: AgentStateType, config: LangGraphRunnableConfig) => {
        const update = await agent(state, config);
        return new Command({ update, goto: routeAfterAgent(after(state, update)) });
      },
      { ends: ['clarify', 'guardrail', END] },
    )
    .addNode(
      'clarify',
      (state: AgentStateType, config: LangGraphRunnableConfig) => {
        const update = clarify(state, config);
        return new Command({ update, goto: routeAfterClarify(after(state, update)) });
      },
      { ends: ['guardrail', 'agent'] },
    )
    .addNode('guardrail', guardrailNode(deps))
    .addNode('tools', toolsNode(deps))
    .addEdge(START, 'agent')
    .addEdge('guardrail', 'tools')
    .addEdge('tools', 'agent')
    .compile({ checkpointer });
}
export type AgentGraph = ReturnType<typeof buildAgentGraph>;

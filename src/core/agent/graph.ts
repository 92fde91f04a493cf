import { END, START, StateGraph } from '@langchain/langgraph';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { AgentState, type AgentStateType } from './state';
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

/** agent → (clarify | guardrail → tools) → agent, checkpointed per conversation thread. */
export function buildAgentGraph(deps: AgentDeps, checkpointer: BaseCheckpointSaver) {
  return new StateGraph(AgentState)
    .addNode('agent', agentNode(deps))
    .addNode('clarify', clarifyNode(deps))
    .addNode('guardrail', guardrailNode(deps))
    .addNode('tools', toolsNode(deps))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', routeAfterAgent, ['clarify', 'guardrail', END])
    .addConditionalEdges('clarify', routeAfterClarify, ['guardrail', 'agent'])
    .addEdge('guardrail', 'tools')
    .addEdge('tools', 'agent')
    .compile({ checkpointer });
}
export type AgentGraph = ReturnType<typeof buildAgentGraph>;

import { interrupt, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { ApprovalCall } from '../../../shared/contract';
import { openCalls, runtimeOf, type AgentDeps } from '../deps';
import { decide } from '../guardrail-policy';
import { CLARIFY_TOOL } from '../clarify';
import type { AgentStateType, AgentStateUpdate } from '../state';

export interface ApprovalInterrupt {
  kind: 'approval';
  calls: ApprovalCall[];
}
/** Resume value: call id → approved. */
export type ApprovalAnswer = Record<string, boolean>;

/** guardrail: clears safe calls, and interrupts once with every call that needs the person's approval. */
export function guardrailNode(deps: AgentDeps) {
  return (state: AgentStateType, config: LangGraphRunnableConfig): AgentStateUpdate => {
    const rt = runtimeOf(config);
    const calls = openCalls(state.messages).filter((c) => c.name !== CLARIFY_TOOL);
    const settings = deps.registry.settings();
    const decisions = calls.map((c) =>
      decide(deps.executor, { id: c.id, name: c.name, args: c.args }, rt.locale, settings),
    );
    const approved = decisions.filter((d) => !d.ask).map((d) => d.callId);
    const asking = decisions.filter((d) => d.ask).map((d) => d.approval!);
    if (asking.length) {
      // Re-run from the top on resume: nothing above this line has side effects.
      const answer = interrupt<ApprovalInterrupt, ApprovalAnswer>({
        kind: 'approval',
        calls: asking,
      });
      for (const a of asking) if (answer?.[a.call_id] === true) approved.push(a.call_id);
    }
    return { approved };
  };
}

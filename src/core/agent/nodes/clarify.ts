import { ToolMessage } from '@langchain/core/messages';
import { interrupt, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { formatZodError } from '../../../shared/errors';
import { openCalls, runtimeOf, type AgentDeps } from '../deps';
import { CLARIFY_TOOL, clarifySchema } from '../clarify';
import type { AgentStateType, AgentStateUpdate } from '../state';

export interface ClarifyInterrupt {
  kind: 'clarify';
  call_id: string;
  question: string;
  options: string[];
}

/** clarify: asks the person the model's question; the answer returns as the tool result. One question per step. */
export function clarifyNode(deps: AgentDeps) {
  return (state: AgentStateType, config: LangGraphRunnableConfig): AgentStateUpdate => {
    const rt = runtimeOf(config);
    const calls = openCalls(state.messages).filter((c) => c.name === CLARIFY_TOOL);
    const out: ToolMessage[] = [];
    const rows: Parameters<AgentDeps['conversations']['append']>[2] = [];
    let asked = false;
    for (const c of calls) {
      const id = c.id!;
      const parsed = clarifySchema.safeParse(c.args);
      let content: string;
      let status: 'answered' | 'error';
      if (!parsed.success) {
        content = `[错误 VALIDATION_FAILED] clarify 参数无效：${formatZodError(parsed.error)}`;
        status = 'error';
      } else if (asked) {
        content = '[错误] 一次只问一个问题，请等用户回答上一个问题。 (one question at a time)';
        status = 'error';
      } else {
        asked = true;
        content = String(
          interrupt<ClarifyInterrupt, string>({
            kind: 'clarify',
            call_id: id,
            question: parsed.data.question,
            options: parsed.data.options,
          }),
        );
        status = 'answered';
      }
      out.push(
        new ToolMessage({
          tool_call_id: id,
          name: CLARIFY_TOOL,
          content,
          status: status === 'error' ? 'error' : 'success',
        }),
      );
      rows.push({
        turnId: rt.turnId,
        role: 'tool',
        content,
        toolCallId: id,
        toolName: CLARIFY_TOOL,
        status,
      });
    }
    deps.conversations.append(rt.userId, rt.conversationId, rows);
    return { messages: out };
  };
}

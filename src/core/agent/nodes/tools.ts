import { ToolMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { ErrorEnvelope } from '../../../shared/errors';
import { INVALID_ARGS_KEY, openCalls, runtimeOf, type AgentDeps } from '../deps';
import { SKIPPED_TEXT } from '../runtime';
import { CLARIFY_TOOL } from '../clarify';
import type { AgentStateType, AgentStateUpdate } from '../state';

const SUMMARY_MAX = 500;

/**
 * tools: runs the cleared calls through the ToolExecutor one by one (writes
 * stay ordered); refused calls get the skip message; errors (bad args,
 * unknown tool, a throw) go back to the model as an error result and the
 * turn goes on.
 */
export function toolsNode(deps: AgentDeps) {
  return async (
    state: AgentStateType,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const rt = runtimeOf(config);
    const approved = new Set(state.approved);
    const out: ToolMessage[] = [];
    for (const call of openCalls(state.messages).filter((c) => c.name !== CLARIFY_TOOL)) {
      const id = call.id!;
      const def = deps.executor.get(call.name);
      rt.emit({
        type: 'tool_start',
        call_id: id,
        name: call.name,
        args: call.args,
        risk: def?.risk ?? null,
      });
      let content: string;
      let status: 'ok' | 'error' | 'skipped';
      let latency = 0;
      let error: ErrorEnvelope | undefined;
      if (INVALID_ARGS_KEY in call.args) {
        error = {
          code: 'VALIDATION_FAILED',
          message: `Arguments for ${call.name} are not valid JSON`,
        };
        content = `[错误 VALIDATION_FAILED] 工具参数不是合法的 JSON，请重新生成参数。 (${error.message})`;
        status = 'error';
      } else if (!approved.has(id)) {
        content = SKIPPED_TEXT;
        status = 'skipped';
      } else {
        const r = await deps.executor.execute(call.name, call.args, {
          userId: rt.userId,
          conversationId: rt.conversationId,
          locale: rt.locale,
          timeZone: rt.timeZone,
          imageUrls: rt.imageUrls,
          actor: 'agent',
          platform: 'desktop',
          signal: rt.signal,
          turn: rt.counters,
        });
        latency = r.latency_ms;
        if (r.ok) {
          content = r.output;
          status = 'ok';
        } else {
          error = r.error ?? { code: 'INTERNAL', message: r.output };
          content = `[错误 ${error.code}] ${error.message}`;
          status = 'error';
        }
      }
      const summary = content.length > SUMMARY_MAX ? `${content.slice(0, SUMMARY_MAX)}…` : content;
      const [messageId] = deps.conversations.append(rt.userId, rt.conversationId, [
        {
          turnId: rt.turnId,
          role: 'tool',
          content,
          toolCallId: id,
          toolName: call.name,
          status,
          meta: { latency_ms: Math.round(latency * 100) / 100, summary },
        },
      ]);
      out.push(
        new ToolMessage({
          tool_call_id: id,
          name: call.name,
          content,
          status: status === 'error' ? 'error' : 'success',
        }),
      );
      rt.emit({
        type: 'tool_end',
        call_id: id,
        name: call.name,
        ok: status === 'ok',
        status,
        summary,
        latency_ms: latency,
        ...(error ? { error } : {}),
        message_id: messageId ?? null,
      });
    }
    return { messages: out };
  };
}

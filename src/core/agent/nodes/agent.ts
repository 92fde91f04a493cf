import {
  AIMessage,
  AIMessageChunk,
  SystemMessage,
  type BaseMessage,
} from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { randomUUID } from 'node:crypto';
import { PaiError } from '../../../shared/errors';
import { say } from '../messages';
import { buildHistory, HISTORY_BUDGET } from '../history';
import { systemPrompt } from '../prompt';
import { toOpenAITool } from '../tool-binding';
import { clarifyTool } from '../clarify';
import { INVALID_ARGS_KEY, runtimeOf, type AgentDeps } from '../deps';
import type { AgentRuntime } from '../runtime';
import type { AgentStateType, AgentStateUpdate } from '../state';
import type { StoredToolCall } from '../../conversation/service';
import type { AnyToolDef } from '../../tools/types';

/** Thrown when the model call hit its 60 s limit (not the person's cancel). */
export class ModelTimeoutError extends Error {
  override name = 'TimeoutError';
}

async function promptSections(deps: AgentDeps, rt: AgentRuntime): Promise<string[]> {
  const sections: string[] = [];
  const used: { kind: string; id: number; label: string }[] = [];
  for (const provider of deps.promptProviders()) {
    try {
      const c = await provider({
        userId: rt.userId,
        conversationId: rt.conversationId,
        query: rt.query,
        locale: rt.locale,
      });
      if (c?.section.trim()) sections.push(c.section.trim());
      if (c?.used) used.push(...c.used);
    } catch (e) {
      // Recall is a help, not a requirement: a failing provider must not stop the turn.
      console.error('promptContext provider failed:', e instanceof Error ? e.message : e);
    }
  }
  if (used.length) rt.emit({ type: 'context', used });
  rt.used = used;
  return sections;
}

/** The run's used context, kept with its assistant messages so a reload still shows the hint. */
function usedMeta(rt: AgentRuntime): { used: AgentRuntime['used'] } | undefined {
  return rt.used?.length ? { used: rt.used } : undefined;
}

/** System prompt and visible tools, built at the run's first model call and reused by the others. */
async function prepared(
  deps: AgentDeps,
  rt: AgentRuntime,
): Promise<NonNullable<AgentRuntime['prepared']>> {
  if (rt.prepared) return rt.prepared;
  // Prompt providers run first: the MCP module refreshes its catalog there, so new tools are bound this run.
  const sections = await promptSections(deps, rt);
  const tools = [
    ...deps.registry.visible('main_agent'),
    ...(deps.executor.get(clarifyTool.name) ? [] : [clarifyTool]),
  ];
  const system = systemPrompt({
    profile: deps.profile.get(rt.userId),
    now: deps.clock.now(),
    timeZone: rt.timeZone,
    locale: rt.locale,
    sections,
  });
  rt.prepared = { system, tools };
  return rt.prepared;
}

function historyOf(deps: AgentDeps, rt: AgentRuntime): BaseMessage[] {
  rt.history ??= buildHistory(
    deps.conversations.recentRows(rt.conversationId, HISTORY_BUDGET.rows, rt.turnId),
    HISTORY_BUDGET,
    deps.historyCache,
  );
  return rt.history;
}

function textOf(content: AIMessageChunk['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : ''))
    .join('');
}

/**
 * Tool calls from the merged stream, with arguments parsed strictly: the
 * streaming parser "repairs" truncated JSON (`{"amount": 32, "item": ` →
 * {amount: 32}), which must not run as if the model had meant it. Calls whose
 * arguments are not a JSON object are kept, marked invalid, and answered with
 * an error by the tools node.
 */
function strictCalls(
  acc: AIMessageChunk | undefined,
): { id: string; name: string; args: Record<string, unknown> }[] {
  const chunks = acc?.tool_call_chunks ?? [];
  if (chunks.length === 0) {
    return (acc?.tool_calls ?? []).map((c) => ({
      id: c.id || `call_${randomUUID()}`,
      name: c.name,
      args: c.args ?? {},
    }));
  }
  return chunks.map((c) => {
    const raw = c.args ?? '';
    let args: Record<string, unknown>;
    try {
      const parsed: unknown = raw.trim() === '' ? {} : JSON.parse(raw);
      args =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : { [INVALID_ARGS_KEY]: raw };
    } catch {
      args = { [INVALID_ARGS_KEY]: raw };
    }
    return { id: c.id || `call_${randomUUID()}`, name: c.name ?? 'unknown', args };
  });
}

/**
 * The signal of one model call: the person's Stop or the 60 s limit. A plain
 * controller and timer, cleared when the call ends (AbortSignal.any with
 * AbortSignal.timeout costs ~30 µs a call and keeps a listener on the turn's
 * signal until garbage collection).
 */
function modelCallSignal(
  turn: AbortSignal,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const onStop = () => controller.abort(turn.reason);
  if (turn.aborted) onStop();
  else turn.addEventListener('abort', onStop, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new ModelTimeoutError('model call timed out'));
  }, timeoutMs);
  timer.unref?.();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      turn.removeEventListener('abort', onStop);
    },
  };
}

type ChatModel = NonNullable<ReturnType<AgentDeps['models']['chat']>>;
type Bound = ReturnType<NonNullable<ChatModel['bindTools']>>;
const boundCache = new WeakMap<ChatModel, { defs: AnyToolDef[]; bound: Bound }>();

/** bindTools builds a new client object each time; reuse it while the model and the tool definitions stay the same. */
function boundModel(model: ChatModel, tools: AnyToolDef[]): Bound {
  const hit = boundCache.get(model);
  if (hit && hit.defs.length === tools.length && hit.defs.every((d, i) => d === tools[i]))
    return hit.bound;
  const bound = model.bindTools!(tools.map(toOpenAITool));
  boundCache.set(model, { defs: tools, bound });
  return bound;
}

/** agent: one streamed model call with the visible tools bound; tokens go out as they arrive. */
export function agentNode(deps: AgentDeps) {
  return async (
    state: AgentStateType,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const rt = runtimeOf(config);
    const model = deps.models.chat();
    if (!model?.bindTools) throw new PaiError('NOT_CONFIGURED', say('NOT_CONFIGURED', rt.locale));
    const { system, tools } = await prepared(deps, rt);
    const messages = [new SystemMessage(system), ...historyOf(deps, rt), ...state.messages];
    const bound = boundModel(model, tools);
    rt.step += 1;
    const step = rt.step;
    const call = modelCallSignal(rt.signal, deps.modelTimeoutMs);
    const signal = call.signal;
    let acc: AIMessageChunk | undefined;
    let text = '';
    try {
      const stream = await bound.stream(messages, { signal });
      for await (const chunk of stream) {
        const delta = textOf(chunk.content);
        if (delta) {
          text += delta;
          rt.emit({ type: 'token', step, delta });
        }
        acc = acc ? acc.concat(chunk) : chunk;
      }
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
    } catch (e) {
      if (rt.signal.aborted && text) {
        // Keep what the person already saw, marked as stopped.
        deps.conversations.append(rt.userId, rt.conversationId, [
          {
            turnId: rt.turnId,
            role: 'assistant',
            content: text,
            status: 'cancelled',
            meta: usedMeta(rt),
          },
        ]);
      }
      if (call.timedOut() && !rt.signal.aborted)
        throw new ModelTimeoutError('model call timed out');
      throw e;
    } finally {
      call.done();
    }
    const calls = strictCalls(acc);
    const ai = new AIMessage({
      id: acc?.id ?? `msg_${randomUUID()}`,
      content: text,
      tool_calls: calls.map((c) => ({ ...c, type: 'tool_call' as const })),
    });
    const stored: StoredToolCall[] = calls.map((c) => ({
      id: c.id,
      name: c.name,
      args: c.args as Record<string, unknown>,
    }));
    const [messageId] = deps.conversations.append(rt.userId, rt.conversationId, [
      {
        turnId: rt.turnId,
        role: 'assistant',
        content: text,
        toolCalls: stored,
        status: 'complete',
        meta: usedMeta(rt),
      },
    ]);
    if (text) rt.emit({ type: 'message', message_id: messageId!, step, content: text });
    return { messages: [ai] };
  };
}

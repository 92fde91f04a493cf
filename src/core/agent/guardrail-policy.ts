import type { ApprovalCall, Locale } from '../../shared/contract';
import type { ToolExecutor, ToolSetting } from '../tools/executor';
import type { AnyToolDef } from '../tools/types';
import { INVALID_ARGS_KEY } from './deps';

export interface CallDecision {
  callId: string;
  /** Needs the person's yes/no before running. */
  ask: boolean;
  approval?: ApprovalCall;
}

/**
 * Risk policy: each tool's `risk` (read/write run; destructive asks) adjusted
 * by the person's per-tool setting (ask = always ask, always_allow = never).
 * Calls that cannot run anyway (unknown tool, bad args) do not ask: they fail
 * in the executor and the model is told, with nothing written.
 */
export function decide(
  executor: ToolExecutor,
  call: { id?: string; name: string; args: Record<string, unknown> },
  locale: Locale,
  settingOf: (def: AnyToolDef) => ToolSetting,
): CallDecision {
  const callId = call.id ?? '';
  const def: AnyToolDef | undefined = executor.get(call.name);
  if (!def || INVALID_ARGS_KEY in call.args) return { callId, ask: false };
  const parsed = def.schema.safeParse(call.args);
  if (!parsed.success) return { callId, ask: false };
  const setting = settingOf(def);
  // Some tools' risk depends on the call (mcp_call_tool's target, ledger_text2sql's mode).
  const risk = def.riskFor?.(parsed.data) ?? def.risk;
  const ask =
    setting.approval === 'ask' || (setting.approval === 'default' && risk === 'destructive');
  if (!ask) return { callId, ask: false };
  const summary =
    def.summarize?.(parsed.data, locale) ??
    (locale === 'en' ? `Run ${def.name}` : `执行 ${def.name}`);
  return {
    callId,
    ask: true,
    approval: { call_id: callId, tool: def.name, risk, summary, args: call.args },
  };
}

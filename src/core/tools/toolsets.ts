import type { AnyToolDef } from './types';

export type ToolsetName = 'main_agent';

/**
 * Which tools a node sees. main_agent: every registered tool marked
 * `mainAgent` (reference 000's 26, as their modules register them) plus
 * `clarify`, minus the ones switched off in settings.
 */
export function toolsetFor(
  _node: ToolsetName,
  all: readonly AnyToolDef[],
  enabled: (def: AnyToolDef) => boolean,
): AnyToolDef[] {
  return all.filter((d) => d.mainAgent && enabled(d));
}

/** Reference 000's main_agent toolset, for checking what has landed. */
export const MAIN_AGENT_TOOL_NAMES = [
  'now_time',
  'web_search',
  'analyze_image',
  'analyze_receipt',
  'maps_weather',
  'ledger_text2sql',
  'ledger_insert',
  'ledger_update',
  'ledger_delete',
  'ledger_get_latest',
  'ledger_list_recent',
  'ledger_list',
  'conversation_current',
  'conversation_list',
  'memory_list',
  'memory_save',
  'memory_append',
  'memory_delete',
  'schedule_insert',
  'schedule_update',
  'schedule_delete',
  'schedule_get_latest',
  'schedule_list_recent',
  'schedule_list',
  'update_user_profile',
  'query_user_profile',
] as const;

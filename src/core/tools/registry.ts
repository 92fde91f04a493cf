import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import type { ToolExecutor, ToolSetting } from './executor';
import type { AnyToolDef } from './types';
import { toolsetFor, type ToolsetName } from './toolsets';

const DEFAULT_SETTING: ToolSetting = { enabled: true, approval: 'default' };

/**
 * The runtime tool catalogue: every registered definition merged with its
 * (source, name) settings. The agent asks it for a node's visible tools and
 * reads all settings in one query per turn step rather than one per tool.
 */
export class ToolRegistry {
  private readonly allSettings: Statement;

  constructor(
    private readonly executor: ToolExecutor,
    db: Db,
  ) {
    this.allSettings = db.prepare(
      'SELECT tool_source, tool_name, enabled, approval FROM tool_settings',
    );
  }

  /** Every stored setting, keyed "source/name"; tools without a row use the default. */
  settings(): (def: AnyToolDef) => ToolSetting {
    const rows = this.allSettings.all() as {
      tool_source: string;
      tool_name: string;
      enabled: number;
      approval: ToolSetting['approval'];
    }[];
    const map = new Map(
      rows.map((r) => [
        `${r.tool_source}/${r.tool_name}`,
        { enabled: r.enabled === 1, approval: r.approval },
      ]),
    );
    return (def) => map.get(`${def.source}/${def.name}`) ?? DEFAULT_SETTING;
  }

  visible(node: ToolsetName, settings = this.settings()): AnyToolDef[] {
    return toolsetFor(node, this.executor.list(), (d) => settings(d).enabled);
  }
}

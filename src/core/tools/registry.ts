import type { ToolInfo } from '../../shared/contract';
import type { ToolExecutor } from './executor';
import type { AnyToolDef } from './types';
import { toolsetFor, type ToolsetName } from './toolsets';

/**
 * The runtime tool catalogue: every registered definition merged with its
 * (source, name) settings. The agent asks it for a node's visible tools.
 */
export class ToolRegistry {
  constructor(private readonly executor: ToolExecutor) {}

  all(): AnyToolDef[] {
    return this.executor.list();
  }

  visible(node: ToolsetName): AnyToolDef[] {
    return toolsetFor(node, this.executor.list(), (d) => this.executor.setting(d.source, d.name).enabled);
  }

  info(def: AnyToolDef): ToolInfo {
    const s = this.executor.setting(def.source, def.name);
    return {
      source: def.source,
      name: def.name,
      description: def.description,
      risk: def.risk,
      main_agent: def.mainAgent,
      enabled: s.enabled,
      approval: s.approval,
    };
  }

  list(): ToolInfo[] {
    return this.executor.list().map((d) => this.info(d));
  }
}

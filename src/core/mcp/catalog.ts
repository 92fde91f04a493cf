import type { Clock } from '../clock';
import type { ToolExecutor } from '../tools/executor';
import type { CatalogEntry } from '../../shared/contract';
import type { McpManager } from './manager';

export const CATALOG_TTL_MS = 30_000;

/**
 * The runtime tool catalog (reference 000, MCP 与运行时管理): built-in tools,
 * MCP tools filtered by each server's allowlist, and the on/off and approval
 * settings. Discovery (`tools/list` on every server) is done at most every
 * 30 s so a turn does not wait on it; the entries are built fresh from the
 * settings each time, so a change made anywhere (Settings, "always allow" in
 * chat) shows at once. Any configuration change forces a new discovery.
 */
export class ToolCatalog {
  private discoveredAt: number | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly tools: ToolExecutor,
    private readonly mcp: McpManager,
    private readonly clock: Clock,
    private readonly ttlMs = CATALOG_TTL_MS,
  ) {
    mcp.onChange(() => this.invalidate());
  }

  invalidate(): void {
    this.discoveredAt = null;
  }

  /** Every tool with its current settings, after a discovery if the last one is older than the TTL. */
  async list(force = false): Promise<CatalogEntry[]> {
    await this.refresh(force);
    return this.build();
  }

  /** Re-discovers MCP tools (and registers them in the executor) when older than the TTL. */
  async refresh(force = false): Promise<void> {
    if (force || this.discoveredAt === null || this.clock.now() - this.discoveredAt >= this.ttlMs) {
      this.refreshing ??= this.mcp
        .discover()
        .then(() => {
          this.discoveredAt = this.clock.now();
        })
        .finally(() => {
          this.refreshing = null;
        });
      await this.refreshing;
    }
  }

  entry(source: 'builtin' | 'mcp', name: string): CatalogEntry | undefined {
    return this.build().find((e) => e.source === source && e.name === name);
  }

  private build(): CatalogEntry[] {
    const out: CatalogEntry[] = [];
    for (const d of this.tools.list()) {
      if (this.mcp.isMcpToolName(d.name)) continue;
      const s = this.tools.setting(d.source, d.name);
      out.push({
        source: d.source,
        name: d.name,
        server: null,
        raw_name: d.name,
        description: d.description,
        risk: d.risk,
        enabled: s.enabled,
        approval: s.approval,
        allowed: true,
        held: false,
        main_agent: d.mainAgent,
      });
    }
    for (const t of this.mcp.discovered()) {
      const s = this.tools.setting('mcp', t.name);
      out.push({
        source: 'mcp',
        name: t.name,
        server: t.server,
        raw_name: t.rawName,
        description: t.description,
        risk: t.risk,
        enabled: s.enabled,
        approval: s.approval,
        allowed: t.allowed,
        held: t.held,
        main_agent: t.allowed && !t.held,
      });
    }
    return out;
  }
}

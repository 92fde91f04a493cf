import type { Clock } from '../clock';
import type { ToolExecutor } from '../tools/executor';
import type { CatalogEntry } from '../../shared/contract';
import type { McpManager } from './manager';

export const CATALOG_TTL_MS = 30_000;

/**
 * The runtime tool catalog (reference 000, MCP 与运行时管理): built-in tools,
 * MCP tools filtered by each server's allowlist, and the on/off and approval
 * settings, cached for 30 s so a turn does not run `tools/list` on every server.
 * Any configuration change drops the cache.
 */
export class ToolCatalog {
  private cache: { at: number; entries: CatalogEntry[] } | null = null;
  private refreshing: Promise<CatalogEntry[]> | null = null;

  constructor(
    private readonly tools: ToolExecutor,
    private readonly mcp: McpManager,
    private readonly clock: Clock,
    private readonly ttlMs = CATALOG_TTL_MS,
  ) {
    mcp.onChange(() => this.invalidate());
  }

  invalidate(): void {
    this.cache = null;
  }

  /** Fresh within the TTL; otherwise re-discovers MCP tools (and registers them in the executor). */
  async list(force = false): Promise<CatalogEntry[]> {
    if (!force && this.cache && this.clock.now() - this.cache.at < this.ttlMs)
      return this.cache.entries;
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      await this.mcp.discover();
      const entries = this.build();
      this.cache = { at: this.clock.now(), entries };
      return entries;
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The cached entries (or built now without discovery); for synchronous callers. */
  snapshot(): CatalogEntry[] {
    return this.cache?.entries ?? this.build();
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

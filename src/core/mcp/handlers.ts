import { PaiError } from '../../shared/errors';
import type { CatalogEntry } from '../../shared/contract';
import type { CoreContext, PaiModule } from '../module';
import { mcpTools } from '../tools/mcp-tools';
import { webTools } from '../tools/web-tools';
import { weatherTools } from '../tools/weather-tools';
import type { McpServices } from './index';

/** Contract handlers for Settings → Tools & MCP, and the web/MCP/weather tools. */
export function mcpModule(ctx: CoreContext, s: McpServices): PaiModule {
  const { manager, catalog, webSettings } = s;

  const entry = async (source: 'builtin' | 'mcp', name: string): Promise<CatalogEntry> => {
    const e = (await catalog.list()).find((x) => x.source === source && x.name === name);
    if (!e) throw new PaiError('NOT_FOUND', `工具不存在 / tool not found: ${source}/${name}`);
    return e;
  };
  const changed = () => {
    catalog.invalidate();
    ctx.events.emit('data.changed', { domain: 'mcp' });
  };

  return {
    name: 'mcp',
    tools: [
      ...webTools(s.web, webSettings),
      ...weatherTools(s.weather),
      ...mcpTools(ctx.tools, manager, catalog),
    ],
    handlers: {
      'mcp.servers.list': () => manager.views(),
      'mcp.servers.add': (input) => manager.add(input),
      'mcp.servers.update': (input) => manager.update(input.id, input.patch),
      'mcp.servers.remove': async (input) => {
        await manager.remove(input.id);
        return { ok: true as const };
      },
      'mcp.servers.test': (input) => manager.test(input.id),
      'mcp.servers.enable': (input) => manager.enable(input.id, input.enabled),
      'mcp.tools.list': (input) => catalog.list(input.refresh === true),
      'mcp.tools.setEnabled': async (input) => {
        await entry(input.source, input.name);
        ctx.tools.setSetting(input.source, input.name, { enabled: input.enabled });
        changed();
        return entry(input.source, input.name);
      },
      'mcp.tools.setApproval': async (input) => {
        await entry(input.source, input.name);
        ctx.tools.setSetting(input.source, input.name, { approval: input.approval });
        changed();
        return entry(input.source, input.name);
      },
      'mcp.tools.reapprove': async (input) => {
        await catalog.refresh();
        manager.reapprove(input.name);
        return entry('mcp', input.name);
      },
      'web.settings.get': () => webSettings.view(),
      'web.settings.update': (patch) => {
        const v = webSettings.update(patch);
        changed();
        return v;
      },
    },
    // Runs before each model call: keeps the MCP part of the catalog fresh (30 s
    // TTL) so the agent binds the current `server__tool` set. Adds no prompt text.
    promptContext: async () => {
      await catalog.refresh().catch(() => undefined);
      return null;
    },
    start() {
      if (ctx.options.background === false) return;
      // Connect the enabled servers in the background; failures show as server status.
      void catalog.refresh().catch(() => undefined);
    },
    async stop() {
      await manager.close();
    },
  };
}

import type { CoreContext } from '../module';
import { WebSettingsService } from '../web/settings';
import { WebService } from '../web/service';
import { WeatherService } from '../web/weather';
import { ToolCatalog } from './catalog';
import { McpManager } from './manager';
import type { McpTimeouts } from './connection';
import type { SecretStore } from './secrets';

export { McpManager } from './manager';
export { ToolCatalog, CATALOG_TTL_MS } from './catalog';
export { MemorySecretStore, type SecretStore } from './secrets';

/** MCP servers, the runtime catalog and the web/weather services built on them. */
export interface McpServices {
  manager: McpManager;
  catalog: ToolCatalog;
  webSettings: WebSettingsService;
  web: WebService;
  weather: WeatherService;
}

/** Timeouts can be tightened from the environment (tests, slow machines). */
function envTimeouts(env: NodeJS.ProcessEnv): Partial<McpTimeouts> {
  const n = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const out: Partial<McpTimeouts> = {};
  const connectMs = n(env.PAI_MCP_CONNECT_TIMEOUT_MS);
  const callMs = n(env.PAI_MCP_CALL_TIMEOUT_MS);
  if (connectMs) out.connectMs = connectMs;
  if (callMs) out.callMs = callMs;
  return out;
}

export function createMcpServices(
  ctx: CoreContext,
  secrets: SecretStore,
  timeouts?: Partial<McpTimeouts>,
): McpServices {
  timeouts = { ...envTimeouts(ctx.env), ...timeouts };
  const manager = new McpManager({
    db: ctx.db,
    clock: ctx.clock,
    events: ctx.events,
    tools: ctx.tools,
    secrets,
    timeouts,
  });
  const catalog = new ToolCatalog(ctx.tools, manager, ctx.clock);
  const webSettings = new WebSettingsService(ctx.settings, secrets);
  const web = new WebService({ settings: webSettings, tools: ctx.tools, mcp: manager, catalog });
  const weather = new WeatherService(web, webSettings);
  return { manager, catalog, webSettings, web, weather };
}

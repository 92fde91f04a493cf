import { z } from 'zod';
import { op } from './define';
import { emptySchema, idSchema, okSchema } from './common';

/** Server names become tool-name prefixes (`server__tool`), so they stay short and plain. */
export const mcpServerNameSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/,
    '只能包含字母、数字、- 和单个 _ / letters, digits, - and single _ only',
  )
  .min(1)
  .max(32);

const envKeySchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'invalid variable name')
  .max(128);
const headerKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9-]+$/, 'invalid header name')
  .max(128);
/** On update, null keeps the stored secret value of that key. */
const secretMapSchema = <K extends z.ZodString>(key: K) => z.record(key, z.string().max(8192));
const secretPatchSchema = <K extends z.ZodString>(key: K) =>
  z.record(key, z.string().max(8192).nullable());

const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((u) => {
    try {
      const p = new URL(u);
      return p.protocol === 'http:' || p.protocol === 'https:';
    } catch {
      return false;
    }
  }, '需要 http(s) 地址 / must be an http(s) URL');

export const mcpStdioConfigSchema = z.object({
  transport: z.literal('stdio'),
  command: z.string().trim().min(1).max(1024),
  args: z.array(z.string().max(4096)).max(64).default([]),
  env: secretMapSchema(envKeySchema).default({}),
});
export const mcpHttpConfigSchema = z.object({
  transport: z.literal('http'),
  url: httpUrlSchema,
  headers: secretMapSchema(headerKeySchema).default({}),
});

const serverBaseSchema = z.object({
  name: mcpServerNameSchema,
  enabled: z.boolean().default(true),
  /** null: every tool the server lists is allowed; a list: only those (raw tool names). */
  allowlist: z.array(z.string().min(1).max(128)).max(500).nullable().default(null),
});
export const mcpServerAddSchema = z.discriminatedUnion('transport', [
  serverBaseSchema.extend(mcpStdioConfigSchema.shape).strict(),
  serverBaseSchema.extend(mcpHttpConfigSchema.shape).strict(),
]);
export type McpServerAdd = z.output<typeof mcpServerAddSchema>;

export const mcpServerPatchSchema = z
  .object({
    name: mcpServerNameSchema,
    enabled: z.boolean(),
    allowlist: z.array(z.string().min(1).max(128)).max(500).nullable(),
    command: z.string().trim().min(1).max(1024),
    args: z.array(z.string().max(4096)).max(64),
    env: secretPatchSchema(envKeySchema),
    url: httpUrlSchema,
    headers: secretPatchSchema(headerKeySchema),
  })
  .partial()
  .strict();
export type McpServerPatch = z.output<typeof mcpServerPatchSchema>;

export const mcpServerStatusSchema = z.enum([
  'idle',
  'connecting',
  'connected',
  'error',
  'disabled',
]);

/** What the UI sees of a server: secret values never leave the engine, only their names. */
export const mcpServerViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  command: z.string().nullable(),
  args: z.array(z.string()),
  env_keys: z.array(z.string()),
  url: z.string().nullable(),
  header_keys: z.array(z.string()),
  enabled: z.boolean(),
  allowlist: z.array(z.string()).nullable(),
  status: mcpServerStatusSchema,
  last_error: z.string().nullable(),
  tool_count: z.number().int(),
});
export type McpServerView = z.infer<typeof mcpServerViewSchema>;

export const catalogApprovalSchema = z.enum(['default', 'ask', 'always_allow']);
export const catalogRiskSchema = z.enum(['read', 'write', 'destructive']);

export const catalogEntrySchema = z.object({
  source: z.enum(['builtin', 'mcp']),
  /** Name the agent uses: built-in name or `server__tool`. */
  name: z.string(),
  server: z.string().nullable(),
  raw_name: z.string(),
  description: z.string(),
  risk: catalogRiskSchema,
  enabled: z.boolean(),
  approval: catalogApprovalSchema,
  /** Passes the server's allowlist (always true for built-ins). */
  allowed: z.boolean(),
  /** The server changed this tool's description or schema since it was approved. */
  held: z.boolean(),
  main_agent: z.boolean(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const searchProviderSchema = z.enum(['none', 'searxng', 'tavily', 'brave']);

/** Web search, fetcher and weather settings (the API key is write-only). */
export const webSettingsSchema = z.object({
  search_provider: searchProviderSchema,
  /** SearXNG base URL, or an override of the Tavily/Brave endpoint ('' = preset). */
  search_url: z.union([z.literal(''), httpUrlSchema]),
  /** `server__tool` to use as fallback search / page crawl / weather ('' = find one in the catalog). */
  mcp_search_tool: z.string().max(200),
  mcp_crawl_tool: z.string().max(200),
  mcp_weather_tool: z.string().max(200),
  /** Hosts the built-in fetcher may reach even on loopback/private addresses (e.g. a LAN wiki). */
  fetch_allow_hosts: z.array(z.string().trim().min(1).max(253)).max(50),
  fetch_timeout_ms: z.number().int().min(1000).max(60_000),
  fetch_max_bytes: z.number().int().min(10_000).max(10_000_000),
  weather_geocoding_url: httpUrlSchema,
  weather_forecast_url: httpUrlSchema,
});
export type WebSettings = z.infer<typeof webSettingsSchema>;

export const webSettingsViewSchema = webSettingsSchema.extend({ has_api_key: z.boolean() });
export const webSettingsPatchSchema = webSettingsSchema
  .partial()
  .extend({ api_key: z.string().max(1024).nullable().optional() })
  .strict();

const serverTestResultSchema = z.object({
  ok: z.boolean(),
  tools: z.array(z.string()),
  error: z.string().nullable(),
  latency_ms: z.number(),
});

export const mcpOps = {
  'mcp.servers.list': op(emptySchema, z.array(mcpServerViewSchema)),
  'mcp.servers.add': op(mcpServerAddSchema, mcpServerViewSchema),
  'mcp.servers.update': op(
    z.object({ id: idSchema, patch: mcpServerPatchSchema }).strict(),
    mcpServerViewSchema,
  ),
  'mcp.servers.remove': op(z.object({ id: idSchema }).strict(), okSchema),
  'mcp.servers.test': op(z.object({ id: idSchema }).strict(), serverTestResultSchema),
  'mcp.servers.enable': op(
    z.object({ id: idSchema, enabled: z.boolean() }).strict(),
    mcpServerViewSchema,
  ),
  'mcp.tools.list': op(
    z.object({ refresh: z.boolean().optional() }).strict(),
    z.array(catalogEntrySchema),
  ),
  'mcp.tools.setEnabled': op(
    z
      .object({
        source: z.enum(['builtin', 'mcp']),
        name: z.string().min(1).max(200),
        enabled: z.boolean(),
      })
      .strict(),
    catalogEntrySchema,
  ),
  'mcp.tools.setApproval': op(
    z
      .object({
        source: z.enum(['builtin', 'mcp']),
        name: z.string().min(1).max(200),
        approval: catalogApprovalSchema,
      })
      .strict(),
    catalogEntrySchema,
  ),
  'mcp.tools.reapprove': op(
    z.object({ name: z.string().min(1).max(200) }).strict(),
    catalogEntrySchema,
  ),
  'web.settings.get': op(emptySchema, webSettingsViewSchema),
  'web.settings.update': op(webSettingsPatchSchema, webSettingsViewSchema),
};

import { z } from 'zod';
import { defineTool, type AnyToolDef, type ToolRisk } from './types';
import type { ToolExecutor } from './executor';
import { PaiError } from '../../shared/errors';
import type { McpManager } from '../mcp/manager';
import type { ToolCatalog } from '../mcp/catalog';

/**
 * The executor name of an MCP-side tool given as `server__tool`, a built-in MCP
 * tool (maps_weather, bing_search, crawl_webpage) or a raw tool name that only
 * one server offers.
 */
export function resolveMcpTarget(
  name: string,
  tools: ToolExecutor,
  mcp: McpManager,
): string | null {
  const def = tools.get(name);
  if (def?.source === 'mcp') return name;
  const t = mcp.find(name);
  if (t) return t.allowed ? t.name : null;
  const byRaw = mcp.discovered().filter((x) => x.rawName === name && x.allowed);
  return byRaw.length === 1 ? byRaw[0]!.name : null;
}

function parseArguments(text: string): Record<string, unknown> {
  const t = text.trim();
  if (!t) return {};
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch (e) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `arguments_json 不是有效的 JSON / arguments_json is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    throw new PaiError(
      'VALIDATION_FAILED',
      'arguments_json 必须是 JSON 对象 / arguments_json must be a JSON object',
    );
  }
  return v as Record<string, unknown>;
}

/** mcp_list_tools / mcp_call_tool (reference 000; logged as tool_list / tool_call). */
export function mcpTools(tools: ToolExecutor, mcp: McpManager, catalog: ToolCatalog): AnyToolDef[] {
  const list = defineTool({
    name: 'mcp_list_tools',
    usageName: 'tool_list',
    source: 'builtin',
    risk: 'read',
    mainAgent: false,
    description: '列出可用的 MCP 工具。List the available MCP tools.',
    schema: z.object({}),
    async run() {
      const entries = (await catalog.list()).filter((e) => e.source === 'mcp');
      const lines = entries.map((e) => {
        const flags = [
          e.risk === 'read' ? 'read-only' : 'needs approval',
          !e.enabled && 'disabled',
          !e.allowed && 'not in allowlist',
          e.held && 'held: definition changed',
        ].filter(Boolean);
        return `- ${e.name} [${flags.join(', ')}]: ${e.description.replace(/\s+/g, ' ').slice(0, 200)}`;
      });
      const output = lines.length
        ? `MCP 工具 / MCP tools (${lines.length}):\n${lines.join('\n')}`
        : '没有可用的 MCP 工具 / no MCP tools available';
      return { output, output_data: entries };
    },
  });

  const call = defineTool({
    name: 'mcp_call_tool',
    usageName: 'tool_call',
    source: 'builtin',
    // The call inherits its target's risk (riskFor); unknown targets are treated as destructive.
    risk: 'destructive',
    mainAgent: false,
    description: '调用指定的 MCP 工具，参数为 JSON 字符串。Call one MCP tool with JSON arguments.',
    schema: z.object({
      tool_name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .describe('工具名，如 maps_weather 或 server__tool (tool name)'),
      arguments_json: z
        .string()
        .max(100_000)
        .optional()
        .default('{}')
        .describe('JSON 对象形式的参数 (arguments as a JSON object)'),
    }),
    riskFor(a): ToolRisk {
      const target = resolveMcpTarget(a.tool_name, tools, mcp);
      return (target && tools.get(target)?.risk) || 'destructive';
    },
    summarize: (a, locale) =>
      `${locale === 'en' ? 'Call MCP tool' : '调用 MCP 工具'} ${a.tool_name}: ${a.arguments_json.slice(0, 300)}`,
    async run(a, ctx) {
      const args = parseArguments(a.arguments_json);
      const target = resolveMcpTarget(a.tool_name, tools, mcp);
      if (!target) {
        const blocked = mcp
          .discovered()
          .find((t) => t.name === a.tool_name || t.rawName === a.tool_name);
        if (blocked && !blocked.allowed) {
          throw new PaiError(
            'FORBIDDEN',
            `allowlist blocked: ${a.tool_name} 不在允许列表中 / not in the server's allowlist`,
          );
        }
        throw new PaiError('UNKNOWN_TOOL', `未找到 MCP 工具 / unknown MCP tool: ${a.tool_name}`);
      }
      const r = await tools.execute(target, args, ctx);
      if (!r.ok) throw new PaiError(r.error?.code ?? 'INTERNAL', r.error?.message ?? r.output);
      return { output: r.output, output_data: r.output_data };
    },
  });

  return [list, call];
}

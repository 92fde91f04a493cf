import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { defineTool, type AnyToolDef, type ToolContext, type ToolRisk } from '../tools/types';
import { PaiError } from '../../shared/errors';
import { wrapUntrusted } from '../web/untrusted';
import type { DiscoveredTool } from './manager';

const MAX_RESULT_CHARS = 20_000;

/**
 * Annotations are hints from the server: only an explicit read-only hint lets a
 * tool run unasked; destructive or unknown means the person approves each call.
 */
export function riskFromAnnotations(annotations: Tool['annotations']): ToolRisk {
  return annotations?.readOnlyHint === true ? 'read' : 'destructive';
}

/** The tool's JSON schema as zod, so the executor validates MCP calls like any other. */
export function schemaFromJson(inputSchema: unknown): z.ZodObject {
  try {
    const s = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
    if (s instanceof z.ZodObject) return s;
  } catch {
    // An unsupported schema feature: accept any object and let the server validate.
  }
  return z.looseObject({});
}

/** Text parts joined; other content kinds named, never loaded. */
export function resultText(r: CallToolResult): string {
  const parts = (r.content ?? []).map((c) => {
    if (c.type === 'text') return c.text;
    if (c.type === 'resource' && 'text' in c.resource) return String(c.resource.text);
    return `[${c.type} omitted]`;
  });
  if (parts.length === 0 && r.structuredContent) return JSON.stringify(r.structuredContent);
  return parts.join('\n\n').trim();
}

type CallFn = (
  name: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<{ result: CallToolResult; text: string }>;

/** The executor definition of one MCP tool, `server__tool`; its result reaches the model wrapped as untrusted. */
export function mcpToolDef(t: DiscoveredTool, call: CallFn): AnyToolDef {
  return defineTool({
    name: t.name,
    source: 'mcp',
    description: `[MCP ${t.server}] ${t.description}`.slice(0, 1024),
    schema: schemaFromJson(t.inputSchema),
    risk: t.risk,
    mainAgent: !t.held,
    limit: 'external',
    summarize: (a, locale) =>
      `${locale === 'en' ? 'Call MCP tool' : '调用 MCP 工具'} ${t.server} / ${t.rawName}: ${JSON.stringify(a).slice(0, 300)}`,
    run: async (a, ctx: ToolContext) => {
      const { result, text: full } = await call(t.name, a as Record<string, unknown>, ctx.signal);
      // A huge result would crowd out the conversation; the model gets the head of it.
      const text =
        full.length > MAX_RESULT_CHARS
          ? `${full.slice(0, MAX_RESULT_CHARS)}\n[… truncated ${full.length - MAX_RESULT_CHARS} chars]`
          : full;
      const wrapped = wrapUntrusted(`mcp:${t.server}/${t.rawName}`, text);
      if (result.isError)
        throw new PaiError(
          'PROVIDER_UNAVAILABLE',
          `MCP 工具返回错误 / the MCP tool reported an error:\n${wrapped}`,
        );
      return {
        output: wrapped,
        output_data: {
          server: t.server,
          tool: t.rawName,
          content: text,
          structured: result.structuredContent ?? null,
        },
      };
    },
  });
}

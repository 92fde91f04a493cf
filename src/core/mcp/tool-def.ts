import { z } from 'zod';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRisk } from '../tools/types';

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

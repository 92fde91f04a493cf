import { createHash } from 'node:crypto';

/** Separator between server and tool in the names the agent sees (reference 004: `account__Tool`). */
export const NAME_SEP = '__';

/** OpenAI function names allow [A-Za-z0-9_-]{1,64}; MCP tool names may hold more. */
export function qualifiedToolName(server: string, tool: string): string {
  const safe = tool.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${server}${NAME_SEP}${safe}`.slice(0, 64);
}

export function splitQualified(name: string): { server: string; tool: string } | null {
  const i = name.indexOf(NAME_SEP);
  if (i <= 0) return null;
  return { server: name.slice(0, i), tool: name.slice(i + NAME_SEP.length) };
}

/** Stable JSON (sorted keys) so the same definition always hashes the same. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** What the person approved: description and input schema (a change means re-approval). */
export function definitionHash(description: string, inputSchema: unknown): string {
  return createHash('sha256').update(stable({ description, inputSchema })).digest('hex');
}

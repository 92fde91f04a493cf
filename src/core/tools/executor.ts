import { z } from 'zod';
import type { Db } from '../db/connection';
import { Statements } from '../db/statements';
import type { Clock } from '../clock';
import { PaiError, toEnvelope, formatZodError } from '../../shared/errors';
import {
  TURN_LIMITS,
  type AnyToolDef,
  type ToolContext,
  type ToolResult,
  type ToolSource,
} from './types';

export interface ToolSetting {
  enabled: boolean;
  approval: 'default' | 'ask' | 'always_allow';
}

/**
 * The one path every tool call takes: validate args with the tool's schema,
 * check it is enabled, apply per-turn limits, run, record usage, and return
 * { ok, output, output_data, latency_ms }. Errors never throw out of here.
 */
export class ToolExecutor {
  private readonly defs = new Map<string, AnyToolDef>();
  private readonly sql: Statements;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.sql = new Statements(db);
  }

  register(...defs: AnyToolDef[]): void {
    for (const d of defs) {
      if (this.defs.has(d.name)) throw new Error(`Duplicate tool: ${d.name}`);
      this.defs.set(d.name, d);
    }
  }

  unregister(name: string): void {
    this.defs.delete(name);
  }

  get(name: string): AnyToolDef | undefined {
    return this.defs.get(name);
  }

  list(): AnyToolDef[] {
    return [...this.defs.values()];
  }

  setting(source: ToolSource, name: string): ToolSetting {
    const row = this.sql
      .get('SELECT enabled, approval FROM tool_settings WHERE tool_source = ? AND tool_name = ?')
      .get(source, name) as { enabled: number; approval: ToolSetting['approval'] } | undefined;
    return row
      ? { enabled: row.enabled === 1, approval: row.approval }
      : { enabled: true, approval: 'default' };
  }

  setSetting(source: ToolSource, name: string, patch: Partial<ToolSetting>): ToolSetting {
    const next = { ...this.setting(source, name), ...patch };
    this.sql
      .get(
        `INSERT INTO tool_settings (tool_source, tool_name, enabled, approval) VALUES (?, ?, ?, ?)
         ON CONFLICT(tool_source, tool_name) DO UPDATE SET enabled = excluded.enabled, approval = excluded.approval`,
      )
      .run(source, name, next.enabled ? 1 : 0, next.approval);
    return next;
  }

  async execute(name: string, rawArgs: unknown, ctx: ToolContext): Promise<ToolResult> {
    const started = performance.now();
    const def = this.defs.get(name);
    const source: ToolSource = def?.source ?? 'builtin';
    let result: ToolResult;
    try {
      if (!def) throw new PaiError('UNKNOWN_TOOL', `Unknown tool: ${name}`);
      if (!this.setting(def.source, def.name).enabled) {
        throw new PaiError('TOOL_DISABLED', `Tool ${name} is disabled in settings.`);
      }
      const parsed = def.schema.safeParse(rawArgs ?? {});
      if (!parsed.success) {
        throw new PaiError(
          'VALIDATION_FAILED',
          `Invalid arguments for ${name}: ${formatZodError(parsed.error)}`,
        );
      }
      if (def.limit && ctx.turn) {
        const max = TURN_LIMITS[def.limit];
        if (ctx.turn[def.limit] >= max) {
          throw new PaiError(
            'LIMIT_EXCEEDED',
            `本轮调用已达上限（${def.limit === 'crawl' ? '网页抓取' : '外部工具'} ${max} 次），请基于已有结果回答。 Per-turn limit reached (${max}).`,
          );
        }
        ctx.turn[def.limit] += 1;
      }
      if (ctx.signal?.aborted) throw new PaiError('CANCELLED', 'Cancelled');
      const out = await def.run(parsed.data, ctx);
      result = {
        ok: true,
        output: out.output,
        output_data: out.output_data ?? null,
        latency_ms: performance.now() - started,
      };
    } catch (e) {
      const error =
        e instanceof z.ZodError
          ? { code: 'VALIDATION_FAILED' as const, message: formatZodError(e) }
          : toEnvelope(e);
      result = {
        ok: false,
        output: error.message,
        output_data: null,
        latency_ms: performance.now() - started,
        error,
      };
    }
    this.recordUsage(source, def?.usageName ?? name, result, ctx);
    return result;
  }

  private recordUsage(source: ToolSource, name: string, r: ToolResult, ctx: ToolContext): void {
    try {
      this.sql
        .get(
          `INSERT INTO tool_usage (tool_source, tool_name, success, latency_ms, error, user_id, platform, conversation_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          source,
          name,
          r.ok ? 1 : 0,
          r.latency_ms,
          r.error ? `${r.error.code}: ${r.error.message}` : null,
          ctx.userId,
          ctx.platform,
          ctx.conversationId,
          new Date(this.clock.now()).toISOString(),
        );
    } catch {
      // Usage logging must never fail a tool call.
    }
  }
}

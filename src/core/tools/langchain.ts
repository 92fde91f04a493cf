import { tool, type ToolRunnableConfig } from '@langchain/core/tools';
import { z } from 'zod';
import type { ToolExecutor } from './executor';
import type { AnyToolDef, ToolContext, ToolResult } from './types';

/** Where the agent puts the runtime context: `config.configurable.paiContext`. */
export const PAI_CONTEXT_KEY = 'paiContext';

export type ContextFromConfig = (config: ToolRunnableConfig) => ToolContext | null;

/** The default: the context the runtime put in the RunnableConfig (never the model's arguments). */
export const paiContextFromConfig: ContextFromConfig = (config) => {
  const c: unknown = config?.configurable?.[PAI_CONTEXT_KEY];
  return isToolContext(c) ? c : null;
};

function isToolContext(v: unknown): v is ToolContext {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Partial<ToolContext>;
  return (
    typeof c.userId === 'number' && typeof c.actor === 'string' && typeof c.timeZone === 'string'
  );
}

/**
 * The schema LangChain sees. Its JSON schema is the tool's input side exactly
 * (what `pai tools` prints: numeric strings allowed, defaulted fields optional),
 * but it accepts any object, so that validation happens once, in the executor,
 * where a bad call is logged and answered as text instead of thrown.
 */
export function modelFacingSchema(schema: z.ZodObject): z.ZodType<Record<string, unknown>> {
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const shape: Record<string, z.ZodType> = {};
  for (const [key, prop] of Object.entries(js.properties ?? {}))
    shape[key] = z.unknown().meta(prop).optional();
  return z.looseObject(shape).meta({ required: js.required ?? [] });
}

/** The text the model reads for a result: the output, or the error with its code. */
export function resultText(r: ToolResult): string {
  return r.ok ? r.output : `Error [${r.error?.code ?? 'INTERNAL'}]: ${r.output}`;
}

/**
 * A LangChain tool for one definition. Every call runs through the executor
 * with the runtime context from the RunnableConfig; it returns text and never
 * throws (tool errors go back to the model, DESIGN.md §4).
 */
export function toLangChainTool(
  def: AnyToolDef,
  executor: ToolExecutor,
  getContext: ContextFromConfig = paiContextFromConfig,
) {
  return tool(
    async (args: Record<string, unknown>, config: ToolRunnableConfig): Promise<string> => {
      const ctx = getContext(config);
      if (!ctx)
        return 'Error [INTERNAL]: 缺少运行时上下文，工具未执行 (no runtime context; the tool did not run).';
      const result = await executor.execute(def.name, args, {
        ...ctx,
        signal: config.signal ?? ctx.signal,
      });
      return resultText(result);
    },
    { name: def.name, description: def.description, schema: modelFacingSchema(def.schema) },
  );
}

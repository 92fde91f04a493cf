import { z } from 'zod';
import type { AnyToolDef } from '../tools/types';

export interface OpenAIFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const cache = new WeakMap<AnyToolDef, OpenAIFunctionTool>();

/**
 * A ToolDef as the model sees it: name, description and the JSON Schema of
 * its zod schema (input side, so "32" or 32 both show as accepted). Cached:
 * converting schemas on every call would cost more than the rest of a turn.
 */
export function toOpenAITool(def: AnyToolDef): OpenAIFunctionTool {
  const hit = cache.get(def);
  if (hit) return hit;
  const { $schema: _drop, ...parameters } = z.toJSONSchema(def.schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const tool: OpenAIFunctionTool = {
    type: 'function',
    function: { name: def.name, description: def.description, parameters },
  };
  cache.set(def, tool);
  return tool;
}

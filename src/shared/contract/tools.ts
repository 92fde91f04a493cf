import { z } from 'zod';
import { op } from './define';
import { emptySchema } from './common';
import { toolRiskSchema } from './chat';

export const toolInfoSchema = z.object({
  source: z.enum(['builtin', 'mcp']),
  name: z.string(),
  description: z.string(),
  risk: toolRiskSchema,
  main_agent: z.boolean(),
  enabled: z.boolean(),
  /** default: by risk (destructive asks); ask: always ask; always_allow: never ask */
  approval: z.enum(['default', 'ask', 'always_allow']),
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;

export const toolOps = {
  'tools.list': op(emptySchema, z.object({ tools: z.array(toolInfoSchema) })),
  'tools.update': op(
    z
      .object({
        source: z.enum(['builtin', 'mcp']),
        name: z.string().min(1).max(200),
        enabled: z.boolean().optional(),
        approval: z.enum(['default', 'ask', 'always_allow']).optional(),
      })
      .strict(),
    toolInfoSchema,
  ),
};

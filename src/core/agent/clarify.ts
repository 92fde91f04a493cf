import { z } from 'zod';
import { PaiError } from '../../shared/errors';
import { defineTool } from '../tools/types';

export const CLARIFY_TOOL = 'clarify';

export const clarifySchema = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .describe('要问用户的一个问题 (one question for the person)'),
  options: z
    .array(z.string().trim().min(1).max(100))
    .max(8)
    .optional()
    .default([])
    .describe('可选的候选答案，供用户点选 (optional answers to pick from)'),
});

/**
 * clarify (reference 004): the graph intercepts it, interrupts with the
 * question, and returns the person's answer as the tool result.
 */
export const clarifyTool = defineTool({
  name: CLARIFY_TOOL,
  source: 'builtin',
  risk: 'read',
  mainAgent: true,
  description:
    '信息不足、无法确定用户意图时，向用户提一个澄清问题（可给选项），用户的回答会作为结果返回。Ask the person one clarifying question.',
  schema: clarifySchema,
  run() {
    throw new PaiError(
      'UNSUPPORTED',
      'clarify 只在对话中由智能体使用 (clarify runs only inside a chat turn)',
    );
  },
});

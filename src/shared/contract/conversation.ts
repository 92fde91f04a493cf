import { z } from 'zod';
import { op } from './define';
import { idSchema, okSchema } from './common';

export const conversationSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** ISO 8601 with the person's local offset */
  created_at: z.string(),
  last_active_at: z.string(),
  archived: z.boolean(),
  message_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Reference data the engine put into a turn's prompt (e.g. a recalled memory), for the "used" hint. */
export const usedContextSchema = z.object({ kind: z.string(), id: z.number(), label: z.string() });
export type UsedContext = z.infer<typeof usedContextSchema>;

export const toolCallViewSchema = z.object({ id: z.string(), name: z.string(), args: z.unknown() });

/**
 * One stored message, for display and search. Roles:
 * - user: text + images the person sent;
 * - assistant: streamed text, and tool_calls when the model asked for tools;
 * - tool: one tool result, linked to its call by tool.call_id (render as a tool card).
 */
export const chatMessageSchema = z.object({
  id: idSchema,
  conversation_id: idSchema,
  turn_id: z.string(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  created_at: z.string(),
  images: z.array(z.string()).optional(),
  tool_calls: z.array(toolCallViewSchema).optional(),
  tool: z
    .object({
      call_id: z.string(),
      name: z.string(),
      /** ok: ran; error: failed (bad args, unknown tool, threw); skipped: refused by the person; answered: clarify answer */
      status: z.enum(['ok', 'error', 'skipped', 'answered']),
      latency_ms: z.number().optional(),
      summary: z.string().optional(),
    })
    .optional(),
  /** assistant only: complete, cancelled (stopped mid-stream) */
  status: z.enum(['complete', 'cancelled']).optional(),
  /** assistant only: what the turn's prompt used (the chat.event `context` of that run), kept with the answer. */
  used: z.array(usedContextSchema).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const titleSchema = z.string().trim().min(1).max(100);

export const conversationOps = {
  'conversation.list': op(
    z
      .object({
        limit: z.number().int().min(1).max(500).optional(),
        include_archived: z.boolean().optional(),
      })
      .strict(),
    z.object({ conversations: z.array(conversationSchema) }),
  ),
  'conversation.create': op(
    z.object({ title: titleSchema.optional() }).strict(),
    conversationSchema,
  ),
  'conversation.rename': op(
    z.object({ id: idSchema, title: titleSchema }).strict(),
    conversationSchema,
  ),
  'conversation.archive': op(
    z.object({ id: idSchema, archived: z.boolean() }).strict(),
    conversationSchema,
  ),
  /** Deletes the conversation, its messages and its pending turn state. */
  'conversation.delete': op(z.object({ id: idSchema }).strict(), okSchema),
  /** Oldest first; pass before_id (the smallest id you have) to page back. */
  'conversation.messages': op(
    z
      .object({
        id: idSchema,
        limit: z.number().int().min(1).max(500).optional(),
        before_id: idSchema.optional(),
      })
      .strict(),
    z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() }),
  ),
  /** Substring search over message text, newest first. */
  'conversation.search': op(
    z
      .object({
        query: z.string().trim().min(1).max(200),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .strict(),
    z.object({ messages: z.array(chatMessageSchema) }),
  ),
};

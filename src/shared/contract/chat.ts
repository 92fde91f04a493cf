import { z } from 'zod';
import { op } from './define';
import { idSchema } from './common';
import { usedContextSchema } from './conversation';
import { errorEnvelopeSchema } from '../errors';

/** Image attached to a message: a data:image/... URL or an https URL. */
export const imageRefSchema = z
  .string()
  .max(12_000_000)
  .refine(
    (s) => /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(s) || /^https:\/\//i.test(s),
    'image must be a data:image URL or https URL',
  );

export const toolRiskSchema = z.enum(['read', 'write', 'destructive']);

/** One tool call waiting for the person's yes/no. `args` are exactly what will run. */
export const approvalCallSchema = z.object({
  call_id: z.string(),
  tool: z.string(),
  risk: toolRiskSchema,
  /** One line in the person's language, e.g. "删除账单 #12" */
  summary: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type ApprovalCall = z.infer<typeof approvalCallSchema>;

export const pendingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('approval'),
    turn_id: z.string(),
    calls: z.array(approvalCallSchema),
    /** Decisions already given for some calls (the turn resumes when every call has one). */
    answered: z.record(z.string(), z.boolean()),
  }),
  z.object({
    kind: z.literal('clarify'),
    turn_id: z.string(),
    call_id: z.string(),
    question: z.string(),
    options: z.array(z.string()),
  }),
]);
export type Pending = z.infer<typeof pendingSchema>;

const base = { conversation_id: idSchema, turn_id: z.string() };

/**
 * `chat.event` payloads, in the order a turn produces them:
 * turn_start → (token* → tool_start/tool_end pairs)* → [approval_request | clarify_request → turn_end(waiting)
 *   … chat.resume → more events with the same turn_id …] → message → turn_end(completed).
 * On failure: error → turn_end(error); on chat.cancel: turn_end(cancelled).
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn_start'), ...base, user_message_id: idSchema.nullable() }),
  /** Streamed text of the assistant; `step` counts model calls within the turn (a new step = a new bubble). */
  z.object({ type: z.literal('token'), ...base, step: z.number().int(), delta: z.string() }),
  z.object({
    type: z.literal('tool_start'),
    ...base,
    call_id: z.string(),
    name: z.string(),
    args: z.unknown(),
    risk: toolRiskSchema.nullable(),
  }),
  z.object({
    type: z.literal('tool_end'),
    ...base,
    call_id: z.string(),
    name: z.string(),
    ok: z.boolean(),
    status: z.enum(['ok', 'error', 'skipped']),
    /** Result text, shortened for the card (≤ 500 chars). */
    summary: z.string(),
    latency_ms: z.number(),
    error: errorEnvelopeSchema.optional(),
    message_id: idSchema.nullable(),
  }),
  z.object({ type: z.literal('approval_request'), ...base, calls: z.array(approvalCallSchema) }),
  z.object({
    type: z.literal('clarify_request'),
    ...base,
    call_id: z.string(),
    question: z.string(),
    options: z.array(z.string()),
  }),
  /** Reference data put into the prompt (e.g. recalled memories), for a "used context" hint. */
  z.object({
    type: z.literal('context'),
    ...base,
    used: z.array(usedContextSchema),
  }),
  /** A finished assistant message (stored). Sent for every model step that produced text. */
  z.object({
    type: z.literal('message'),
    ...base,
    message_id: idSchema,
    step: z.number().int(),
    content: z.string(),
  }),
  /** Plain message in the person's language; codes: NOT_CONFIGURED, PROVIDER_UNAVAILABLE, TIMEOUT, INTERNAL… */
  z.object({
    type: z.literal('error'),
    ...base,
    code: errorEnvelopeSchema.shape.code,
    message: z.string(),
  }),
  z.object({
    type: z.literal('turn_end'),
    ...base,
    status: z.enum(['completed', 'waiting', 'cancelled', 'error']),
  }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

export const chatOps = {
  /** Starts a turn and returns at once; progress comes as chat.event. No conversation_id → a new conversation. */
  'chat.send': op(
    z
      .object({
        conversation_id: idSchema.optional(),
        text: z.string().trim().min(1).max(20_000),
        images: z.array(imageRefSchema).max(4).optional(),
      })
      .strict(),
    z.object({ conversation_id: idSchema, turn_id: z.string(), user_message_id: idSchema }),
  ),
  /**
   * Answers what the turn waits for: approvals per call id (may be given one at a time;
   * the turn continues once every call has an answer; always_allow also sets the tool to
   * always-allow) or the clarify answer.
   */
  'chat.resume': op(
    z
      .object({
        conversation_id: idSchema,
        approvals: z
          .array(
            z
              .object({
                call_id: z.string().min(1),
                approved: z.boolean(),
                always_allow: z.boolean().optional(),
              })
              .strict(),
          )
          .max(50)
          .optional(),
        clarify: z
          .object({ call_id: z.string().min(1), answer: z.string().trim().min(1).max(2000) })
          .strict()
          .optional(),
      })
      .strict()
      .refine((v) => (v.approvals?.length ?? 0) > 0 || v.clarify !== undefined, {
        message: 'approvals or clarify is required',
      }),
    z.object({ turn_id: z.string(), resumed: z.boolean() }),
  ),
  'chat.cancel': op(
    z.object({ conversation_id: idSchema }).strict(),
    z.object({ cancelled: z.boolean() }),
  ),
  /** Whether a turn is running, and what it waits for (also after a restart). */
  'chat.state': op(
    z.object({ conversation_id: idSchema }).strict(),
    z.object({
      running: z.boolean(),
      turn_id: z.string().nullable(),
      pending: pendingSchema.nullable(),
    }),
  ),
};

import { z } from 'zod';
import { op } from './define';
import { emptySchema, idSchema } from './common';

/** Kinds of long-term memory; anything else a model sends is stored as `other`. */
export const MEMORY_TYPES = ['preference', 'fact', 'person', 'plan', 'identity', 'other'] as const;
export const memoryTypeSchema = z.enum(MEMORY_TYPES);
export type MemoryType = z.infer<typeof memoryTypeSchema>;

export const memoryStatusSchema = z.enum(['active', 'superseded', 'inactive', 'deleted']);
export const memoryOriginSchema = z.enum(['explicit', 'learned', 'manual']);

export const memoryItemSchema = z.object({
  id: idSchema,
  content: z.string(),
  memory_type: memoryTypeSchema,
  key: z.string(),
  importance: z.number().int().min(1).max(5),
  confidence: z.number().min(0).max(1),
  ttl_days: z.number().int().nullable(),
  /** ISO 8601 with the local offset; null = never expires. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  status: memoryStatusSchema,
  origin: memoryOriginSchema,
  vector_state: z.enum(['DIRTY', 'INDEXED']),
  conversation_id: z.number().int().nullable(),
  source_message_id: z.number().int().nullable(),
  supersedes_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_accessed_at: z.string().nullable(),
});
export type MemoryItem = z.infer<typeof memoryItemSchema>;

export const memoryHitSchema = memoryItemSchema.extend({
  score: z.number(),
  /** Which signals found it: vector similarity, keyword match. */
  matched_by: z.array(z.enum(['vector', 'keyword'])),
});
export type MemoryHit = z.infer<typeof memoryHitSchema>;

const contentSchema = z.string().trim().min(1, '内容不能为空 (content is required)').max(2000);
const keySchema = z.string().trim().max(100);

export const memoryPatchSchema = z
  .object({
    content: contentSchema.optional(),
    memory_type: memoryTypeSchema.optional(),
    key: keySchema.optional(),
    importance: z.number().int().min(1).max(5).optional(),
    /** Days from now; null or 0 = never expires. */
    ttl_days: z.number().int().min(0).max(36500).nullable().optional(),
  })
  .strict();
export type MemoryPatch = z.infer<typeof memoryPatchSchema>;

export const memorySettingsSchema = z.object({
  /** Learn memories from idle conversations. */
  learnEnabled: z.boolean(),
  /** Minutes of silence before a conversation is read for memories. */
  learnIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** How many memories go into a prompt at most. */
  recallLimit: z.number().int().min(1).max(20),
});
export type MemorySettings = z.infer<typeof memorySettingsSchema>;

export const memoryIndexStatusSchema = z.object({
  embedder: z.string(),
  dims: z.number().int().nullable(),
  total: z.number().int(),
  dirty: z.number().int(),
  indexing: z.boolean(),
  /** The in-memory vector copy is still loading (app start): recall uses keywords until it is done. */
  vectors_loading: z.boolean(),
  last_error: z.string().nullable(),
});
export type MemoryIndexStatus = z.infer<typeof memoryIndexStatusSchema>;

export const memoryOps = {
  'memory.list': op(
    z
      .object({
        memory_type: memoryTypeSchema.optional(),
        origin: memoryOriginSchema.optional(),
        include_expired: z.boolean().optional(),
        limit: z.number().int().min(1).max(500).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .strict(),
    z.object({
      items: z.array(memoryItemSchema),
      total: z.number().int(),
      by_type: z.array(z.object({ memory_type: memoryTypeSchema, count: z.number().int() })),
    }),
  ),
  'memory.search': op(
    z
      .object({
        query: z.string().trim().min(1).max(500),
        limit: z.number().int().min(1).max(50).optional(),
      })
      .strict(),
    z.object({ items: z.array(memoryHitSchema) }),
  ),
  'memory.create': op(
    z
      .object({
        content: contentSchema,
        memory_type: memoryTypeSchema.optional(),
        key: keySchema.optional(),
        importance: z.number().int().min(1).max(5).optional(),
        ttl_days: z.number().int().min(0).max(36500).nullable().optional(),
      })
      .strict(),
    z.object({ item: memoryItemSchema, action: z.enum(['created', 'updated', 'superseded']) }),
  ),
  'memory.update': op(
    z.object({ id: idSchema, patch: memoryPatchSchema }).strict(),
    memoryItemSchema,
  ),
  'memory.delete': op(
    z.object({ id: idSchema }).strict(),
    z.object({ deleted: memoryItemSchema, undo_token: z.string() }),
  ),
  'memory.undoDelete': op(
    z.object({ undo_token: z.string().min(1).max(200) }).strict(),
    memoryItemSchema,
  ),
  /** Takes back a learned memory; a memory it replaced becomes active again. */
  'memory.undoLearned': op(
    z.object({ id: idSchema }).strict(),
    z.object({ removed_id: idSchema, restored: memoryItemSchema.nullable() }),
  ),
  'memory.history': op(
    z.object({ id: idSchema }).strict(),
    z.object({
      versions: z.array(
        z.object({
          content: z.string(),
          reason: z.string(),
          changed_at: z.string(),
          memory_id: idSchema,
        }),
      ),
    }),
  ),
  'memory.reindex': op(emptySchema, z.object({ started: z.boolean(), total: z.number().int() })),
  'memory.indexStatus': op(emptySchema, memoryIndexStatusSchema),
  'memory.settings.get': op(emptySchema, memorySettingsSchema),
  'memory.settings.update': op(memorySettingsSchema.partial().strict(), memorySettingsSchema),
};

/** Push event while the index is (re)built. */
export const memoryIndexEventSchema = z.object({
  embedder: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  finished: z.boolean(),
  error: z.string().nullable(),
});

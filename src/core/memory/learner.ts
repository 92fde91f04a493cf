import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { Db } from '../db/connection';
import type { MemoryService, SaveResult } from './service';
import { isIdentityMemory } from './service';
import { normalizeType } from './store';

export interface ConversationMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  /** Message id when the conversation store has one (lets passes skip what was read). */
  id?: number;
}

/** What the model must return: candidate memories, nothing else. */
export const candidatesSchema = z.object({
  memories: z
    .array(
      z.object({
        content: z
          .string()
          .describe(
            '一句话，用用户的语言，第三人称或第一人称陈述事实 (one self-contained statement)',
          ),
        memory_type: z.string().describe('preference | fact | person | plan | other'),
        key: z
          .string()
          .describe(
            'snake_case 主题键，如 drink_preference；更新已有记忆时用相同的键 (stable subject key)',
          ),
        importance: z.number().describe('1-5'),
        confidence: z.number().describe('0-1, how sure the person really said/meant it'),
        ttl_days: z
          .number()
          .nullable()
          .describe('days until it stops being true (plans), null = lasting'),
      }),
    )
    .describe('0 to 5 memories worth keeping'),
});
export type Candidates = z.infer<typeof candidatesSchema>;

export type LearnOutcome =
  | { status: 'disabled' | 'no_model' | 'nothing_new' }
  | { status: 'learned'; saved: SaveResult[]; skipped: number }
  | { status: 'failed'; error: string };

const MIN_CONFIDENCE = 0.6;
const MAX_PER_PASS = 5;

const SYSTEM = `你从一段对话中挑出值得长期记住的关于用户的信息。You pick what is worth remembering long-term about the user from a conversation.
只记用户本人明确说出的、以后还会有用的：偏好、事实、重要的人、计划。Only what the user clearly said and will matter later: preferences, facts, people, plans.
不要记：寒暄、一次性的请求、助手自己的话、密码或证件号等敏感信息、用户的昵称或助手的名字（它们属于用户档案）。
Do not keep: small talk, one-off requests, the assistant's own words, secrets (passwords, ID numbers), nicknames or the assistant's name (they belong to the profile).
如果和已有记忆说的是同一主题，用相同的 key。If it is about the same subject as an existing memory, reuse its key.
只返回 JSON：{"memories":[{"content","memory_type","key","importance","confidence","ttl_days"}]}，没有就返回 {"memories":[]}.`;

/**
 * Proposes memories from a conversation that has gone quiet. Candidates go
 * through the same save path (dedup, supersede) marked `learned`, so the person
 * sees them in the Memory view and can take them back.
 */
export class MemoryLearner {
  constructor(
    private readonly d: {
      db: Db;
      memory: MemoryService;
      model: () => BaseChatModel | null;
      userId?: number;
    },
  ) {}

  /** The hook the agent calls when a conversation has been idle for `learnIdleMinutes`. */
  onConversationIdle(
    conversationId: number,
    messages: ConversationMessage[],
    userId = this.d.userId ?? 1,
  ): Promise<LearnOutcome> {
    return this.learn(userId, conversationId, messages);
  }

  async learn(
    userId: number,
    conversationId: number,
    messages: ConversationMessage[],
  ): Promise<LearnOutcome> {
    if (!this.d.memory.settings().learnEnabled) return { status: 'disabled' };
    const model = this.d.model();
    if (!model) return { status: 'no_model' };
    const state = this.d.db
      .prepare('SELECT last_message_id, digest FROM memory_learn_state WHERE conversation_id = ?')
      .get(conversationId) as { last_message_id: number | null; digest: string } | undefined;
    const talk = messages.filter(
      (m) => (m.role === 'user' || m.role === 'assistant') && m.content.trim(),
    );
    const fresh =
      state?.last_message_id != null
        ? talk.filter((m) => m.id === undefined || m.id > state.last_message_id!)
        : talk;
    const digest = createHash('sha256')
      .update(JSON.stringify(fresh.map((m) => [m.role, m.content])))
      .digest('hex');
    if (!fresh.some((m) => m.role === 'user') || digest === state?.digest)
      return { status: 'nothing_new' };

    const transcript = fresh
      .slice(-30)
      .map((m) => `${m.role === 'user' ? 'USER' : 'ASSISTANT'}: ${m.content.slice(0, 2000)}`)
      .join('\n');
    const userText = fresh
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    // Related memories plus the recent keyed ones, so the model can reuse a key
    // ("moved to Hangzhou" → home_city) even when the wording shares nothing.
    const related = await this.d.memory.recall(userId, userText, 8, { touch: false });
    const keyed = this.d.memory
      .list(userId, { limit: 100 })
      .items.filter((i) => i.key)
      .slice(0, 20);
    const seen = new Set<number>();
    const known =
      [...related, ...keyed]
        .filter((m) => !seen.has(m.id) && seen.add(m.id))
        .map((m) => `- [${m.key || '-'}] ${m.content.slice(0, 200)}`)
        .join('\n') || '(none)';

    let parsed: Candidates;
    try {
      const raw = await model
        .withStructuredOutput(candidatesSchema, { name: 'propose_memories' })
        .invoke([
          new SystemMessage(SYSTEM),
          new HumanMessage(
            `已有记忆 Existing memories:\n${known}\n\n对话 Conversation:\n${transcript}`,
          ),
        ]);
      parsed = candidatesSchema.parse(raw);
    } catch (e) {
      return { status: 'failed', error: e instanceof Error ? e.message : String(e) };
    }

    const saved: SaveResult[] = [];
    let skipped = 0;
    for (const c of parsed.memories.slice(0, MAX_PER_PASS)) {
      const content = c.content.trim();
      const candidate = { content, memory_type: normalizeType(c.memory_type), key: c.key.trim() };
      if (!content || c.confidence < MIN_CONFIDENCE || isIdentityMemory(candidate)) {
        skipped++;
        continue;
      }
      saved.push(
        this.d.memory.save(
          userId,
          {
            ...candidate,
            importance: c.importance,
            confidence: Math.min(1, Math.max(0, c.confidence)),
            ttl_days: c.ttl_days,
            origin: 'learned',
          },
          { actor: 'system', conversationId },
        ),
      );
    }
    skipped += Math.max(0, parsed.memories.length - MAX_PER_PASS);
    const lastId = fresh.reduce<number | null>(
      (mx, m) => (m.id !== undefined && (mx === null || m.id > mx) ? m.id : mx),
      state?.last_message_id ?? null,
    );
    this.d.db
      .prepare(
        `INSERT INTO memory_learn_state (conversation_id, last_message_id, digest, learned_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(conversation_id) DO UPDATE SET last_message_id = excluded.last_message_id, digest = excluded.digest, learned_at = excluded.learned_at`,
      )
      .run(conversationId, lastId, digest, this.d.memory.now());
    return { status: 'learned', saved, skipped };
  }
}

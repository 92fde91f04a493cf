import { z } from 'zod';
import type { CoreContext } from '../module';
import { normalizeType, type MemoryService } from '../memory';
import type { MemoryItem } from '../../shared/contract';
import { defineTool, type AnyToolDef, type ToolContext } from './types';
import { intArg, json, numberArg, optText } from './args';

const meta = (c: ToolContext) => ({ actor: c.actor, conversationId: c.conversationId });

const typeArg = optText(
  '记忆类型：preference 偏好 / fact 事实 / person 人物 / plan 计划 / other (memory type)',
  32,
);
const importanceArg = intArg('重要度 1-5，默认 3 (importance 1-5)')
  .pipe(z.number().int().min(1).max(5))
  .optional();
const confidenceArg = numberArg('可信度 0-1，默认 1.0 (confidence 0-1)')
  .pipe(z.number().min(0).max(1))
  .optional();
const ttlArg = intArg(
  '有效天数，过期后不再被回忆；0 或不填为长期 (days until it expires; 0 = never)',
)
  .pipe(z.number().int().min(0).max(36500))
  .optional();
const targetArgs = {
  memory_id: intArg('目标记忆 id（优先）(target memory id)').optional(),
  memory_key: optText('目标记忆的 key，如 drink_preference (target memory key)', 100),
  target_hint: optText('描述要找的记忆的几个词，如“乌龙茶” (words from the target memory)', 200),
  memory_type: typeArg,
};

/** What the model sees for a memory in lists and candidates. */
function brief(m: MemoryItem) {
  return {
    id: m.id,
    content: m.content,
    memory_type: m.memory_type,
    key: m.key,
    importance: m.importance,
    confidence: m.confidence,
    expires_at: m.expires_at,
    updated_at: m.updated_at,
  };
}

/** The four memory tools of reference 000, names, parameters and returns kept. */
export function memoryTools(_ctx: CoreContext, memory: MemoryService): AnyToolDef[] {
  /** Targeting shared by append and delete; returns the row or a status answer for the model. */
  function target(
    userId: number,
    a: { memory_id?: number; memory_key: string; target_hint: string; memory_type: string },
  ) {
    const type = a.memory_type ? normalizeType(a.memory_type) : undefined;
    const res = memory.findTarget(userId, {
      memory_id: a.memory_id,
      memory_key: a.memory_key || undefined,
      target_hint: a.target_hint || undefined,
      memory_type: type,
    });
    if (res.kind === 'found') return { row: res.row };
    if (res.kind === 'ambiguous') {
      const out = {
        status: 'ambiguous',
        message:
          '有多条记忆符合描述，请用 memory_id 指明是哪一条。Several memories match; call again with memory_id.',
        candidates: res.candidates.map((r) => brief(memory.item(r))),
      };
      return { answer: { output: json(out), output_data: out } };
    }
    const out = {
      status: 'not_found',
      message:
        res.by === 'nothing'
          ? '请提供 memory_id、memory_key 或 target_hint 之一。Give memory_id, memory_key or target_hint.'
          : '没有找到对应的记忆，可先用 memory_list 查看。No matching memory; see memory_list.',
    };
    return { answer: { output: json(out), output_data: out } };
  }

  const list = defineTool({
    name: 'memory_list',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      "列出用户的长期记忆（不含已过期的）。List the user's long-term memories (expired ones are left out).",
    schema: z.object({
      limit: intArg('最多条数，默认 50 (max items)')
        .pipe(z.number().int().min(1).max(200))
        .optional()
        .default(50),
    }),
    run(a, c) {
      const rows = memory.listForTool(c.userId, a.limit).map(brief);
      return { output: json(rows), output_data: rows };
    },
  });

  const save = defineTool({
    name: 'memory_save',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '用户明确要求记住某事时保存为长期记忆；同一件事会更新已有记忆，同一 key 的新说法会替代旧的。Save a long-term memory the user asked to keep; the same thing again updates it, a new statement under the same key replaces the old one.',
    schema: z.object({
      content: z
        .string()
        .trim()
        .min(1)
        .max(2000)
        .describe('要记住的内容，一句完整的话，如“我喜欢无糖乌龙茶” (what to remember)'),
      memory_type: typeArg,
      importance: importanceArg,
      confidence: confidenceArg,
      ttl_days: ttlArg,
      key: optText(
        '主题键（snake_case），如 drink_preference；同一主题用同一个键 (subject key)',
        100,
      ),
    }),
    summarize: (a, locale) => (locale === 'en' ? `Remember: ${a.content}` : `记住：${a.content}`),
    run(a, c) {
      const r = memory.save(
        c.userId,
        {
          content: a.content,
          memory_type: a.memory_type,
          key: a.key,
          importance: a.importance,
          confidence: a.confidence,
          ttl_days: a.ttl_days,
          origin: 'explicit',
        },
        meta(c),
      );
      const out = {
        status: 'saved',
        content: r.row.content,
        memory_type: r.row.memory_type,
        importance: r.row.importance,
        confidence: r.row.confidence,
        ttl_days: r.row.ttl_days,
        source_message_id: r.row.source_message_id,
        conversation_id: r.row.conversation_id ?? c.conversationId,
        id: r.row.id,
        key: r.row.key,
        action: r.action,
        superseded_ids: r.superseded.map((s) => s.id),
      };
      return { output: json(out), output_data: out };
    },
  });

  const append = defineTool({
    name: 'memory_append',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '给一条已有记忆补充内容（按 memory_id、memory_key 或 target_hint 定位）；已包含时返回 unchanged，描述不唯一时返回候选。Append to an existing memory; unchanged if already there; ambiguous hints return candidates.',
    schema: z.object({
      content: z
        .string()
        .trim()
        .min(1)
        .max(1000)
        .describe('要追加的内容，如“也喜欢美式” (text to add)'),
      ...targetArgs,
      separator: optText('拼接分隔符，默认中文“；” (separator)', 10),
      importance: importanceArg,
      confidence: confidenceArg,
      ttl_days: ttlArg,
    }),
    summarize: (a, locale) =>
      locale === 'en'
        ? `Add to memory ${a.memory_id ?? a.memory_key ?? a.target_hint}: ${a.content}`
        : `补充记忆 ${a.memory_id ? `#${a.memory_id}` : a.memory_key || a.target_hint}：${a.content}`,
    run(a, c) {
      const t = target(c.userId, a);
      if (t.answer) return t.answer;
      const r = memory.append(
        c.userId,
        t.row!,
        {
          content: a.content,
          separator: a.separator,
          importance: a.importance,
          confidence: a.confidence,
          ttl_days: a.ttl_days,
        },
        meta(c),
      );
      const out = { status: r.status, ...brief(memory.item(r.row)), ttl_days: r.row.ttl_days };
      return { output: json(out), output_data: out };
    },
  });

  const del = defineTool({
    name: 'memory_delete',
    source: 'builtin',
    risk: 'destructive',
    mainAgent: true,
    description:
      '删除一条长期记忆（按 memory_id、memory_key 或 target_hint 定位，需要用户批准）；描述不唯一时返回候选。Delete one memory (needs approval); ambiguous hints return candidates.',
    schema: z.object(targetArgs),
    summarize: (a, locale) => {
      const which = a.memory_id ? `#${a.memory_id}` : a.memory_key || `“${a.target_hint}”`;
      return locale === 'en' ? `Delete memory ${which}` : `删除记忆 ${which}`;
    },
    run(a, c) {
      const t = target(c.userId, a);
      if (t.answer) return t.answer;
      const { deleted, undo_token } = memory.delete(c.userId, t.row!.id, meta(c));
      const out = { status: 'deleted', ...brief(deleted), undo_token };
      return { output: json(out), output_data: out };
    },
  });

  return [list, save, append, del];
}

import { z } from 'zod';
import type { ConversationService } from '../conversation/service';
import { defineTool, type AnyToolDef } from './types';
import { intArg, json } from './args';

/** conversation_current / conversation_list (reference 000). The current one comes from the runtime context. */
export function conversationTools(conversations: ConversationService): AnyToolDef[] {
  const current = defineTool({
    name: 'conversation_current',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description: '查看当前会话（没有时创建一个）。Get the current conversation.',
    schema: z.object({}),
    run(_a, c) {
      const conv = conversations.ensureActive(c.userId, c.conversationId);
      const payload = { ...conv, user_id: c.userId, active: true };
      return { output: json(payload), output_data: payload };
    },
  });

  const list = defineTool({
    name: 'conversation_list',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '按最近活跃时间列出会话，当前会话标记 active=true。List conversations, most recently active first.',
    schema: z.object({
      limit: intArg('最多返回条数，默认 20，最多 100 (max rows)')
        .pipe(z.number().int().min(1).max(100))
        .optional()
        .default(20),
    }),
    run(a, c) {
      const active = conversations.ensureActive(c.userId, c.conversationId);
      const rows = conversations
        .list(c.userId, { limit: a.limit })
        .map((conv) => ({ ...conv, user_id: c.userId, active: conv.id === active.id }));
      return { output: json(rows), output_data: rows };
    },
  });

  return [current, list];
}

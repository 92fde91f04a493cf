import type { PaiModule } from '../module';
import type { ConversationService } from './service';

/** Conversation handlers; delete goes through `onDelete` so the agent can drop the thread's turn state. */
export function conversationModule(
  conversations: ConversationService,
  onDelete: (userId: number, id: number) => Promise<void>,
): PaiModule {
  return {
    name: 'conversation',
    handlers: {
      'conversation.list': (input, meta) => ({
        conversations: conversations.list(meta.userId, {
          limit: input.limit,
          includeArchived: input.include_archived,
        }),
      }),
      'conversation.create': (input, meta) => conversations.create(meta.userId, input.title),
      'conversation.rename': (input, meta) =>
        conversations.rename(meta.userId, input.id, input.title),
      'conversation.archive': (input, meta) =>
        conversations.archive(meta.userId, input.id, input.archived),
      'conversation.delete': async (input, meta) => {
        conversations.get(meta.userId, input.id);
        await onDelete(meta.userId, input.id);
        conversations.delete(meta.userId, input.id);
        return { ok: true as const };
      },
      'conversation.messages': (input, meta) =>
        conversations.messages(meta.userId, input.id, {
          limit: input.limit,
          beforeId: input.before_id,
        }),
      'conversation.search': (input, meta) => ({
        messages: conversations.search(meta.userId, input.query, input.limit),
      }),
    },
  };
}

import type { CoreContext, PaiModule, PromptContextProvider } from '../module';
import { ConversationService, conversationModule } from '../conversation';
import { ProfileService, profileModule } from '../profile';
import { ToolRegistry } from '../tools/registry';
import { conversationTools } from '../tools/conversation-tools';
import { profileTools } from '../tools/profile-tools';
import { timeTools } from '../tools/time-tools';
import { ChatService } from './chat-service';
import { openCheckpointer, storedThreads } from './checkpointer';
import { TurnCheckpointer } from './turn-checkpointer';
import { PendingAnswers } from './pending-answers';
import { installPooledRandom } from './random-pool';
import { clarifyTool } from './clarify';
import { HistoryCache } from './history';
import { MODEL_TIMEOUT_MS, type ProviderService } from './providers/service';

export { ProviderService } from './providers/service';
export { EnvSecretStore, MemorySecretStore, type SecretStore } from './providers/secrets';
export { ChatService } from './chat-service';

export interface AgentDomain {
  conversations: ConversationService;
  profile: ProfileService;
  chat: ChatService;
  registry: ToolRegistry;
  modules: PaiModule[];
}

/**
 * The chat agent and what it stands on: conversations, profile, tool
 * registry, providers' handlers and the graph runner. `promptProviders`
 * returns every module's promptContext (read at each turn).
 */
export function createAgentDomain(
  ctx: CoreContext,
  providers: ProviderService,
  promptProviders: () => PromptContextProvider[],
): AgentDomain {
  installPooledRandom();
  const conversations = new ConversationService({
    db: ctx.db,
    clock: ctx.clock,
    events: ctx.events,
    timeZone: ctx.timeZone,
  });
  const profile = new ProfileService(ctx.db, ctx.audit, ctx.events);
  const registry = new ToolRegistry(ctx.tools, ctx.db);
  const { saver, db: checkpointDb } = openCheckpointer(ctx.dataDir);
  const historyCache = new HistoryCache();
  // Restore and import replace the stored rows the cache was built from.
  ctx.events.on('data.changed', (p) => {
    if (p.domain === '*') historyCache.clear();
  });
  const chat = new ChatService({
    models: ctx.models,
    conversations,
    profile,
    executor: ctx.tools,
    registry,
    clock: ctx.clock,
    promptProviders,
    modelTimeoutMs: ctx.options.modelTimeoutMs ?? MODEL_TIMEOUT_MS,
    historyCache,
    events: ctx.events,
    checkpointer: new TurnCheckpointer(saver, storedThreads(checkpointDb)),
    answers: new PendingAnswers(checkpointDb),
    locale: ctx.locale,
    timeZone: ctx.timeZone,
  });

  const agent: PaiModule = {
    name: 'agent',
    tools: [
      clarifyTool,
      ...conversationTools(conversations),
      ...profileTools(profile),
      ...timeTools(ctx.clock),
    ],
    handlers: {
      'chat.send': (input, meta) => chat.send(meta.userId, input),
      'chat.resume': (input, meta) => chat.resume(meta.userId, input),
      'chat.cancel': (input, meta) => {
        conversations.require(meta.userId, input.conversation_id);
        return chat.cancel(input.conversation_id);
      },
      'chat.state': (input, meta) => chat.state(meta.userId, input.conversation_id),
      'providers.get': () => providers.state(),
      'providers.update': (input) => {
        const next = providers.update(input);
        ctx.events.emit('data.changed', { domain: 'providers' });
        return next;
      },
      'providers.test': () => providers.test(),
    },
    async stop() {
      await chat.stopAll();
      checkpointDb.close();
    },
  };

  return {
    conversations,
    profile,
    chat,
    registry,
    modules: [
      agent,
      conversationModule(conversations, (_u, id) => chat.forget(id)),
      profileModule(profile),
    ],
  };
}

import type { CoreContext } from '../module';
import { MemoryService } from './service';
import { MemoryIndexer, type IndexerOptions } from './indexer';
import { MemoryLearner } from './learner';
import { HashingEmbedder, RemoteEmbedder, type Embedder } from './embedder';
import type { Embeddings } from '@langchain/core/embeddings';
import type { Actor } from '../audit/service';
import type { ProfileField } from './service';

export {
  MemoryService,
  isIdentityMemory,
  identityOf,
  DEFAULT_MEMORY_SETTINGS,
  type ProfileField,
} from './service';
export type { SaveResult, SaveInput, WriteMeta as MemoryWriteMeta } from './service';
export { MemoryIndexer } from './indexer';
export { MemoryLearner, type ConversationMessage, type LearnOutcome } from './learner';
export { HashingEmbedder, RemoteEmbedder, type Embedder } from './embedder';
export { normalizeType } from './store';
export { memoryModule } from './handlers';

/**
 * The profile-change hook (update_user_profile, reference 000): register it with
 * the profile service's onChanged so a new nickname / assistant name retires the
 * identity memories that now contradict the profile.
 */
export function deactivateOnProfileChange(service: MemoryService) {
  return (change: { userId: number; changed: readonly ProfileField[]; actor: Actor }): void => {
    if (change.changed.length)
      service.deactivateIdentityMemories(change.userId, { actor: change.actor }, change.changed);
  };
}

export interface MemoryParts {
  service: MemoryService;
  indexer: MemoryIndexer;
  learner: MemoryLearner;
}

/**
 * Builds the memory domain. The index uses the configured embedding model when
 * there is one (ctx.models.embeddings()), else the built-in offline embedder.
 */
export function createMemory(
  ctx: CoreContext,
  opts: { indexer?: IndexerOptions; embedder?: () => Embedder } = {},
): MemoryParts {
  const offline = new HashingEmbedder();
  const remote = new WeakMap<Embeddings, RemoteEmbedder>();
  const embedder =
    opts.embedder ??
    ((): Embedder => {
      const e = ctx.models.embeddings();
      if (!e) return offline;
      let r = remote.get(e);
      if (!r) remote.set(e, (r = new RemoteEmbedder(e)));
      return r;
    });
  let indexer: MemoryIndexer | null = null;
  const service = new MemoryService({
    db: ctx.db,
    clock: ctx.clock,
    audit: ctx.audit,
    events: ctx.events,
    settings: ctx.settings,
    timeZone: ctx.timeZone,
    embedder,
    onDirty: () => indexer?.kick(),
  });
  indexer = new MemoryIndexer(
    {
      db: ctx.db,
      vectors: service.vectors,
      events: ctx.events,
      embedder,
      housekeeping: () => service.purgeDeleted(),
    },
    opts.indexer,
  );
  const learner = new MemoryLearner({
    db: ctx.db,
    memory: service,
    model: () => ctx.models.chat(),
  });
  return { service, indexer, learner };
}

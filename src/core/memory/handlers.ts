import type { CoreContext, PaiModule } from '../module';
import type { MemoryService } from './service';
import type { MemoryIndexer } from './indexer';
import { memoryPromptContext } from './prompt';

/** Contract handlers, the recall prompt provider and the background indexer's lifecycle. */
export function memoryModule(
  ctx: CoreContext,
  memory: MemoryService,
  indexer: MemoryIndexer,
): PaiModule {
  return {
    name: 'memory',
    handlers: {
      'memory.list': (input, meta) => memory.list(meta.userId, input),
      'memory.search': async (input, meta) => ({
        items: await memory.recall(meta.userId, input.query, input.limit ?? 10, { touch: false }),
      }),
      'memory.create': (input, meta) => {
        const r = memory.save(meta.userId, { ...input, origin: 'manual' }, { actor: meta.actor });
        return { item: memory.item(r.row), action: r.action };
      },
      'memory.update': (input, meta) =>
        memory.update(meta.userId, input.id, input.patch, { actor: meta.actor }),
      'memory.delete': (input, meta) => memory.delete(meta.userId, input.id, { actor: meta.actor }),
      'memory.undoDelete': (input, meta) =>
        memory.undoDelete(meta.userId, input.undo_token, { actor: meta.actor }),
      'memory.undoLearned': (input, meta) =>
        memory.undoLearned(meta.userId, input.id, { actor: meta.actor }),
      'memory.history': (input, meta) => ({ versions: memory.history(meta.userId, input.id) }),
      'memory.reindex': () => ({ started: true, total: indexer.requestReindex() }),
      'memory.indexStatus': () => ({
        embedder: memory.vectors.embedderId ?? '',
        dims: memory.vectors.dims,
        total: memory.vectors.count(),
        dirty: indexer.dirtyCount(),
        indexing: indexer.indexing,
        vectors_loading: memory.vectors.loadingCopy,
        last_error: indexer.lastError,
      }),
      'memory.settings.get': () => memory.settings(),
      'memory.settings.update': (patch) => memory.updateSettings(patch),
    },
    async promptContext({ userId, query, locale }) {
      try {
        const hits = await memory.recall(userId, query, memory.settings().recallLimit);
        return memoryPromptContext(hits, locale);
      } catch {
        // Recall is a help, never a reason for a chat turn to fail.
        return null;
      }
    },
    start() {
      if (ctx.options.background === false) return;
      // The in-memory ANN copy loads in chunks between which the app keeps running;
      // recall uses keywords until it is complete. A failed load is retried by the next recall.
      void memory.vectors
        .load()
        .catch((e: unknown) =>
          console.error('memory vector copy did not load:', e instanceof Error ? e.message : e),
        );
      indexer.start();
    },
    stop() {
      memory.vectors.stopLoading();
      indexer.stop();
    },
  };
}

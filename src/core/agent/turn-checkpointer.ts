import type { RunnableConfig } from '@langchain/core/runnables';
import {
  BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from '@langchain/langgraph-checkpoint';

type Op = () => Promise<unknown>;

/**
 * Write-back layer over the SQLite checkpointer. A turn's graph state only
 * matters if the turn stops to wait for the person (approval, clarify): the
 * messages table already holds everything a finished turn did. So writes are
 * held in memory during a run and reach SQLite only through `flush` (the run
 * is waiting); `discard` drops them (the run finished, failed or was
 * cancelled). Threads with nothing stored (known from one read at start)
 * skip the read at the start of a run and the delete after it.
 */
export class TurnCheckpointer extends BaseCheckpointSaver {
  private readonly held = new Map<string, Op[]>();
  /** Threads with state on disk: read once at start, then kept by this process (the file's only writer). */
  private readonly stored: Set<string>;

  constructor(
    private readonly inner: BaseCheckpointSaver,
    storedThreads: Iterable<string>,
  ) {
    super(inner.serde);
    this.stored = new Set(storedThreads);
  }

  /** True when the thread has no stored state (nothing to read or delete). */
  isEmpty(threadId: string): boolean {
    return !this.stored.has(threadId) && !this.held.has(threadId);
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const thread = threadOf(config);
    if (this.held.has(thread))
      throw new Error(`checkpoint of thread ${thread} read before it was flushed`);
    if (!this.stored.has(thread)) return undefined;
    return this.inner.getTuple(config);
  }

  async *list(
    config: RunnableConfig,
    options?: CheckpointListOptions,
  ): AsyncGenerator<CheckpointTuple> {
    const thread = config.configurable?.thread_id as string | undefined;
    if (thread !== undefined && this.isEmpty(thread)) return;
    yield* this.inner.list(config, options);
  }

  async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    const thread = threadOf(config);
    this.hold(thread, () => this.inner.put(config, checkpoint, metadata, newVersions));
    // What SqliteSaver returns: the address of the checkpoint just written.
    return {
      configurable: {
        thread_id: thread,
        checkpoint_ns: config.configurable?.checkpoint_ns ?? '',
        checkpoint_id: checkpoint.id,
      },
    };
  }

  async putWrites(
    config: RunnableConfig,
    writes: PendingWrite[],
    taskId: string,
    taskPath?: string,
  ): Promise<void> {
    this.hold(threadOf(config), () => this.inner.putWrites(config, writes, taskId, taskPath));
  }

  private hold(thread: string, op: Op): void {
    const ops = this.held.get(thread);
    if (ops) ops.push(op);
    else this.held.set(thread, [op]);
  }

  /** Saves what the run wrote, in order (the run stopped to wait for the person). */
  async flush(threadId: string): Promise<void> {
    const ops = this.held.get(threadId) ?? [];
    this.held.delete(threadId);
    this.stored.add(threadId);
    for (const op of ops) await op();
  }

  /** Drops the run's writes and any earlier stored state: the thread starts clean next time. */
  async discard(threadId: string): Promise<void> {
    this.held.delete(threadId);
    await this.deleteThread(threadId);
  }

  async deleteThread(threadId: string): Promise<void> {
    this.held.delete(threadId);
    if (!this.stored.has(threadId)) return;
    await this.inner.deleteThread(threadId);
    this.stored.delete(threadId);
  }

  override getNextVersion(current: number | undefined): number {
    return this.inner.getNextVersion(current);
  }
}

function threadOf(config: RunnableConfig): string {
  const thread = config.configurable?.thread_id as string | undefined;
  if (!thread) throw new Error('Missing "thread_id" field in passed "config.configurable".');
  return thread;
}

import type { Db } from '../db/connection';

/**
 * The app's connection behind a stable handle: services keep `live.db` (a
 * proxy), and a restore can close the file, swap it and reopen without every
 * service having to be rebuilt. Statements prepared before a swap belong to
 * the old connection, so services prepare per call (as LedgerService does).
 */
export class LiveDb {
  private current: Db;
  readonly db: Db;

  constructor(
    readonly file: string,
    private readonly open: (file: string) => Db,
  ) {
    this.current = open(file);
    this.db = new Proxy(this.current, {
      get: (_target, prop) => {
        const value: unknown = Reflect.get(this.current, prop, this.current);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(this.current) : value;
      },
    });
  }

  /**
   * Closes the connection (WAL checkpointed, so the file stands alone), runs
   * `swap` to replace files, reopens and runs `check` (migrations). If swap
   * throws, the original file is reopened; if opening or check throws,
   * `rollback` puts the original back first. Either way the app has a connection.
   */
  replace(swap: () => void, check: (db: Db) => void, rollback: () => void): void {
    this.current.pragma('wal_checkpoint(TRUNCATE)');
    this.current.close();
    try {
      swap();
    } catch (e) {
      this.current = this.open(this.file);
      throw e;
    }
    let next: Db | null = null;
    try {
      next = this.open(this.file);
      check(next);
      this.current = next;
    } catch (e) {
      if (next?.open) next.close();
      rollback();
      this.current = this.open(this.file);
      throw e;
    }
  }
}

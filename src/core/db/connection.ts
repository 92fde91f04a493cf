import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** Load sqlite-vec (memory vectors). On by default. */
  vec?: boolean;
}

/** Opens the one SQLite file: WAL, foreign keys on, synchronous=FULL for user data. */
export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  if (file !== ':memory:' && !opts.readonly) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, {
    readonly: opts.readonly ?? false,
    fileMustExist: opts.readonly ?? false,
  });
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (opts.vec !== false) sqliteVec.load(db);
  return db;
}

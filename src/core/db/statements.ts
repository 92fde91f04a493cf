import type Database from 'better-sqlite3';
import type { Db } from './connection';

/**
 * Prepares each SQL text once per connection. better-sqlite3 does not cache
 * prepared statements, and preparing costs more than running a small query.
 */
export class Statements {
  private readonly cache = new Map<string, Database.Statement>();

  constructor(private readonly db: Db) {}

  get(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      // Dynamic SQL (IN lists of any length) must not grow the cache without bound.
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(sql, s);
    }
    return s;
  }
}

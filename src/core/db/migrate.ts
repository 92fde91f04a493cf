import type { Db } from './connection';
import { MIGRATIONS, type Migration } from './migrations';
import { PaiError } from '../../shared/errors';

/**
 * Applies ordered migrations, each in its own transaction, recording them in
 * schema_migrations. A database that has a version this app does not know is
 * newer than the app: refuse it rather than risk corrupting it.
 */
export function migrate(
  db: Db,
  migrations: readonly Migration[] = MIGRATIONS,
): { applied: number[] } {
  assertOrdered(migrations);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const known = new Set(migrations.map((m) => m.version));
  const unknown = [...done].filter((v) => !known.has(v));
  if (unknown.length > 0) {
    throw new PaiError(
      'DB_NEWER_THAN_APP',
      `This data was written by a newer version of Pai (schema ${Math.max(...unknown)}). Please update Pai; the data was not changed.`,
      { unknownVersions: unknown },
    );
  }
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
    applied.push(m.version);
  }
  return { applied };
}

function assertOrdered(migrations: readonly Migration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version <= migrations[i - 1]!.version) {
      throw new Error(`Migrations out of order at ${migrations[i]!.version}`);
    }
  }
}

import { openDatabase } from '../db/connection';
import { MIGRATIONS } from '../db/migrations';
import { PaiError } from '../../shared/errors';

/**
 * Checks a database copy that we own: makes it a standalone file (rollback
 * journal, no -wal beside it), runs PRAGMA integrity_check and refuses a schema
 * newer than this app. Throws BACKUP_FAILED with the reason.
 */
export function verifyDatabaseFile(file: string): void {
  let db;
  try {
    db = openDatabase(file, { readonly: false });
  } catch (e) {
    throw new PaiError(
      'BACKUP_FAILED',
      `备份文件无法打开 (the backup cannot be opened): ${(e as Error).message}`,
    );
  }
  try {
    db.pragma('journal_mode = DELETE');
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) {
      throw new PaiError(
        'BACKUP_FAILED',
        `备份校验失败 (integrity check failed): ${problems.slice(0, 3).join('; ')}`,
      );
    }
    const known = new Set(MIGRATIONS.map((m) => m.version));
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!hasTable) throw new PaiError('BACKUP_FAILED', '这不是 Pai 的数据库 (not a Pai database)');
    const versions = (
      db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]
    ).map((r) => r.version);
    const unknown = versions.filter((v) => !known.has(v));
    if (unknown.length > 0) {
      throw new PaiError(
        'DB_NEWER_THAN_APP',
        `备份来自更新版本的 Pai (the backup was made by a newer Pai, schema ${Math.max(...unknown)})`,
      );
    }
  } catch (e) {
    if (e instanceof PaiError) throw e;
    throw new PaiError(
      'BACKUP_FAILED',
      `备份校验失败 (integrity check failed): ${(e as Error).message}`,
    );
  } finally {
    db.close();
  }
}

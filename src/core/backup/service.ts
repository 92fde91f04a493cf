import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Clock } from '../clock';
import { openDatabase, type Db } from '../db/connection';
import type { EventBus } from '../events';
import type { BackupInfo } from '../../shared/contract';
import { PaiError } from '../../shared/errors';
import { toLocalIso } from '../time';
import { backupName, parseBackupName, type BackupKind } from './names';
import { applyRetention, DEFAULT_RETENTION, type RetentionRule } from './retention';
import { verifyDatabaseFile } from './verify';

export const BACKUP_DIR = 'backups';
/** How often the scheduler checks whether today's automatic backup exists. */
export const BACKUP_CHECK_MS = 60 * 60 * 1000;
/** Pre-restore copies kept (newest first); older ones are deleted. */
export const KEEP_PRE_RESTORE = 3;

export interface BackupDeps {
  /** The app's open connection; it stays open (and its prepared statements valid) across a restore. */
  db: Db;
  /** Path of the database file behind `db`. */
  dbFile: string;
  dataDir: string;
  clock: Clock;
  timeZone: () => string;
  events: EventBus;
  /** Brings the schema of a restored (maybe older) file up to date. */
  migrate: (db: Db) => void;
  /** Stops and restarts the app's other modules around a restore (their loops hold state from the old data). */
  lifecycle?: { stop(): Promise<void>; start(): Promise<void> };
  retention?: RetentionRule;
  /** Verification of a fresh copy; injectable so tests can corrupt the copy first. */
  verify?: (file: string) => void;
}

export interface AutoResult {
  at: string;
  ok: boolean;
  error?: string;
}

/** Verified backups of the one database file into <dataDir>/backups/, retention, and restore. */
export class BackupService {
  readonly dir: string;
  private timer: NodeJS.Timeout | null = null;
  private lastAutoResult: AutoResult | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly d: BackupDeps) {
    this.dir = join(d.dataDir, BACKUP_DIR);
  }

  private info(name: string): BackupInfo | null {
    const p = parseBackupName(name);
    if (!p) return null;
    let bytes = 0;
    try {
      bytes = statSync(join(this.dir, name)).size;
    } catch {
      return null;
    }
    return { name, kind: p.kind, created_at: toLocalIso(p.at, this.d.timeZone()), bytes };
  }

  /** Newest first. */
  list(): BackupInfo[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .map((n) => this.info(n))
      .filter((b): b is BackupInfo => b !== null)
      .sort((a, b) => b.name.localeCompare(a.name));
  }

  /** Removes half-written copies left by a crash (`.partial`, `.restore-tmp`); call before any backup runs. */
  removeLeftovers(): string[] {
    if (!existsSync(this.dir)) return [];
    const stale = readdirSync(this.dir).filter((n) =>
      /\.(partial|restore-tmp)(-wal|-shm|-journal)?$/.test(n),
    );
    for (const n of stale) rmSync(join(this.dir, n), { force: true });
    return stale;
  }

  lastAuto(): AutoResult | null {
    return this.lastAutoResult;
  }

  private freshName(kind: BackupKind): string {
    const now = this.d.clock.now();
    for (let n = 0; ; n++) {
      const name = backupName(kind, now, n);
      if (!existsSync(join(this.dir, name))) return name;
    }
  }

  /** One backup at a time: a scheduled one and a button press must not interleave. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.running.then(fn, fn);
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * Copies the live database with SQLite's online backup API into a temp file,
   * verifies the copy, then renames it into place. A copy that fails
   * verification is deleted and the error says why.
   */
  create(kind: 'auto' | 'manual' = 'manual'): Promise<BackupInfo> {
    return this.serial(() => this.copyVerified(kind));
  }

  private async copyVerified(kind: BackupKind): Promise<BackupInfo> {
    mkdirSync(this.dir, { recursive: true });
    const name = this.freshName(kind);
    const tmp = join(this.dir, `${name}.partial`);
    try {
      await this.d.db.backup(tmp);
      (this.d.verify ?? verifyDatabaseFile)(tmp);
      renameSync(tmp, join(this.dir, name));
    } catch (e) {
      removeWithSidecars(tmp);
      if (e instanceof PaiError) throw e;
      throw new PaiError('BACKUP_FAILED', `备份失败 (backup failed): ${(e as Error).message}`);
    }
    this.d.events.emit('data.changed', { domain: 'backup' });
    return this.info(name)!;
  }

  /** Deletes automatic backups outside the retention rule, and pre-restore copies beyond the newest few. */
  prune(): string[] {
    const all = this.list();
    const autos = all
      .filter((b) => b.kind === 'auto')
      .map((b) => ({ name: b.name, at: parseBackupName(b.name)!.at }));
    const { drop } = applyRetention(
      autos,
      this.d.clock.now(),
      this.d.timeZone(),
      this.d.retention ?? DEFAULT_RETENTION,
    );
    const oldPre = all
      .filter((b) => b.kind === 'pre-restore')
      .slice(KEEP_PRE_RESTORE)
      .map((b) => b.name);
    const gone = [...drop, ...oldPre];
    for (const name of gone) removeWithSidecars(join(this.dir, name));
    if (gone.length > 0) this.d.events.emit('data.changed', { domain: 'backup' });
    return gone;
  }

  /**
   * Replaces the current data with a backup. Nothing is touched until the
   * backup has been copied and the copy verified, and the current data has
   * been saved (and verified) as backups/pre-restore-<ts>.db. The copy is then
   * written into the live file with SQLite's backup API in a single step: one
   * write transaction on the open database, so it lands whole or not at all,
   * and the app's connection and prepared statements stay valid. If the
   * restored data cannot be migrated, the pre-restore copy is written back.
   * Other modules are stopped meanwhile (their loops hold state from the old data).
   */
  restore(name: string): Promise<{ restored: string; previous: BackupInfo }> {
    return this.serial(async () => {
      const src = join(this.dir, name);
      if (!parseBackupName(name) || !existsSync(src))
        throw new PaiError('NOT_FOUND', `备份 ${name} 不存在 (backup not found)`);
      const staged = join(this.dir, `${name}.restore-tmp`);
      removeWithSidecars(staged);
      try {
        copyFileSync(src, staged);
        verifyDatabaseFile(staged);
        const previous = await this.copyVerified('pre-restore');
        await this.d.lifecycle?.stop();
        try {
          await writeInto(staged, this.d.dbFile);
          try {
            this.d.migrate(this.d.db);
          } catch (e) {
            await writeInto(join(this.dir, previous.name), this.d.dbFile);
            throw new PaiError(
              'BACKUP_FAILED',
              `恢复的数据无法升级，已还原 (the restored data could not be migrated; the previous data is back): ${(e as Error).message}`,
            );
          }
        } finally {
          await this.d.lifecycle?.start();
        }
        this.d.events.emit('data.changed', { domain: '*' });
        return { restored: name, previous };
      } finally {
        removeWithSidecars(staged);
      }
    });
  }

  /** Takes today's automatic backup if there is none yet (local day), then prunes. */
  async runScheduled(): Promise<AutoResult> {
    const now = this.d.clock.now();
    const zone = this.d.timeZone();
    const today = DateTime.fromMillis(now, { zone }).toISODate();
    const hasToday = this.list().some(
      (b) =>
        b.kind === 'auto' &&
        DateTime.fromMillis(parseBackupName(b.name)!.at, { zone }).toISODate() === today,
    );
    if (hasToday) return this.lastAutoResult ?? { at: toLocalIso(now, zone), ok: true };
    try {
      await this.create('auto');
      this.prune();
      this.lastAutoResult = { at: toLocalIso(now, zone), ok: true };
    } catch (e) {
      this.lastAutoResult = { at: toLocalIso(now, zone), ok: false, error: (e as Error).message };
    }
    return this.lastAutoResult;
  }

  /** Checks now and then every hour; the timer does not keep the process alive. */
  startSchedule(intervalMs = BACKUP_CHECK_MS): void {
    if (this.timer) return;
    const tick = (): void => {
      void this.runScheduled().finally(() => {
        if (this.timer) {
          this.timer = setTimeout(tick, intervalMs);
          this.timer.unref();
        }
      });
    };
    this.timer = setTimeout(tick, 0);
    this.timer.unref();
  }

  async stopSchedule(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

const SIDECARS = ['-wal', '-shm', '-journal'];

function removeWithSidecars(file: string): void {
  for (const s of ['', ...SIDECARS]) rmSync(`${file}${s}`, { force: true });
}

/**
 * Copies a verified standalone database into the live file through SQLite's
 * backup API, all pages in one step: a single write transaction on the
 * destination, rolled back by SQLite if anything fails.
 */
async function writeInto(source: string, liveFile: string): Promise<void> {
  const src = openDatabase(source, { readonly: true, vec: false });
  try {
    await src.backup(liveFile, { progress: () => 0x7fffffff });
  } finally {
    src.close();
  }
}

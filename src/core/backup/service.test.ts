import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { verifyDatabaseFile } from './verify';
import { BACKUP_DIR, BackupService } from './service';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { EventBus } from '../events';
import { toLocalIso } from '../time';

const T0 = Date.parse('2026-04-08T10:30:00+08:00');

function corrupt(file: string): void {
  const buf = readFileSync(file);
  // Keep the header page, garble the b-tree pages after it.
  for (let i = 4096; i < buf.length; i += 7) buf[i] = 0xa5;
  writeFileSync(file, buf);
}

describe('backups', () => {
  let dir: string;
  let app: PaiApp;
  let now: number;
  const add = (item: string, amount: number) =>
    app.services.ledger.create(1, { amount, item, category: '餐饮' }, { actor: 'user' });
  const items = () => app.services.ledger.list(1, { order: 'asc' }).entries.map((e) => e.item);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-backup-'));
    now = T0;
    app = createApp({
      dataDir: dir,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => now },
      background: false,
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a verified standalone copy that holds the data', async () => {
    add('咖啡', 18);
    const r = await app.dispatch('backup.create', {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const info = r.data as { name: string; kind: string; created_at: string; bytes: number };
    expect(info).toMatchObject({
      name: 'pai-manual-20260408-023000.db',
      kind: 'manual',
      created_at: '2026-04-08T10:30:00+08:00',
    });
    const file = join(dir, BACKUP_DIR, info.name);
    expect(readdirSync(join(dir, BACKUP_DIR))).toEqual([info.name]); // no -wal, no .partial
    const copy = new Database(file, { readonly: true });
    expect(copy.prepare('SELECT item FROM ledgers').all()).toEqual([{ item: '咖啡' }]);
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    const list = await app.dispatch('backup.list', {});
    expect(list.ok && (list.data as { backups: unknown[] }).backups).toHaveLength(1);
  });

  it('deletes a copy that fails verification and reports why', async () => {
    const d2 = mkdtempSync(join(tmpdir(), 'pai-backup-bad-'));
    const dbFile = join(d2, 'pai.db');
    const db = openDatabase(dbFile);
    migrate(db);
    db.prepare("INSERT INTO settings (key, value) VALUES ('big', ?)").run(
      JSON.stringify('x'.repeat(20000)),
    );
    const svc = new BackupService({
      db,
      dbFile,
      dataDir: d2,
      clock: { now: () => now },
      timeZone: () => 'Asia/Shanghai',
      events: new EventBus(),
      migrate: (x) => migrate(x),
      // The real check, run on a copy garbled after it was written.
      verify: (f) => {
        corrupt(f);
        verifyDatabaseFile(f);
      },
    });
    await expect(svc.create('manual')).rejects.toMatchObject({ code: 'BACKUP_FAILED' });
    expect(readdirSync(svc.dir)).toEqual([]);
    db.close();
    rmSync(d2, { recursive: true, force: true });
  });

  it('refuses to restore a damaged backup and leaves the current data as it was', async () => {
    add('咖啡', 18);
    const b = await app.services.backups.create('manual');
    corrupt(join(app.services.backups.dir, b.name));
    add('午饭', 32);
    const r = await app.dispatch('backup.restore', { name: b.name, confirm: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BACKUP_FAILED');
    expect(items()).toEqual(['咖啡', '午饭']);
    expect(
      readdirSync(app.services.backups.dir).filter((n) => n.startsWith('pre-restore')),
    ).toEqual([]);
    expect(readdirSync(app.services.backups.dir).filter((n) => n.includes('restore-tmp'))).toEqual(
      [],
    );
  });

  it('clears half-written copies left by a crash when the app starts', async () => {
    const b = await app.services.backups.create('manual');
    writeFileSync(join(app.services.backups.dir, 'pai-auto-20260408-023000.db.partial'), 'half');
    writeFileSync(join(app.services.backups.dir, `${b.name}.restore-tmp`), 'half');
    await app.start();
    expect(readdirSync(app.services.backups.dir)).toEqual([b.name]);
  });

  it('needs a confirmation and a real backup name', async () => {
    const a = await app.dispatch('backup.restore', { name: 'pai-manual-20260408-023000.db' });
    expect(a.ok ? null : a.error.code).toBe('VALIDATION_FAILED');
    const b = await app.dispatch('backup.restore', { name: '../pai.db', confirm: true });
    expect(b.ok ? null : b.error.code).toBe('VALIDATION_FAILED');
    const c = await app.dispatch('backup.restore', {
      name: 'pai-manual-20260101-000000.db',
      confirm: true,
    });
    expect(c.ok ? null : c.error.code).toBe('NOT_FOUND');
  });

  it('restores a backup, keeps the replaced data as pre-restore, and the app keeps working', async () => {
    add('咖啡', 18);
    const b = await app.services.backups.create('manual');
    add('午饭', 32);
    now += 60_000;
    const r = await app.dispatch('backup.restore', { name: b.name, confirm: true });
    expect(r).toMatchObject({
      ok: true,
      data: {
        restored: b.name,
        previous: { kind: 'pre-restore', name: 'pre-restore-20260408-023100.db' },
      },
    });
    expect(items()).toEqual(['咖啡']);
    // Same services, new connection: writes and reads still work.
    add('晚饭', 50);
    expect(items()).toEqual(['咖啡', '晚饭']);
    // The replaced data is itself restorable.
    const back = await app.dispatch('backup.restore', {
      name: 'pre-restore-20260408-023100.db',
      confirm: true,
    });
    expect(back.ok).toBe(true);
    expect(items()).toEqual(['咖啡', '午饭']);
    // And the data survives reopening the folder.
    await app.close();
    app = createApp({
      dataDir: dir,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => now },
      background: false,
    });
    expect(items()).toEqual(['咖啡', '午饭']);
  });

  it('keeps statements prepared before a restore working (services may cache them)', async () => {
    add('咖啡', 18);
    app.ctx.settings.updateGeneral({ categories: ['备份时的分类'] });
    const cached = app.ctx.db.prepare('SELECT item FROM ledgers ORDER BY id');
    const b = await app.services.backups.create('manual');
    add('午饭', 32);
    expect(cached.all()).toEqual([{ item: '咖啡' }, { item: '午饭' }]);
    now += 1000;
    app.ctx.settings.updateGeneral({ categories: ['后来的分类'] });
    await app.services.backups.restore(b.name);
    expect(cached.all()).toEqual([{ item: '咖啡' }]);
    // Anything a service caches from the data must follow the restore (data.changed '*').
    expect(app.ctx.settings.general().categories).toEqual(['备份时的分类']);
    expect(app.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(app.ctx.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  it('writes the previous data back when the restored data cannot be brought up to date', async () => {
    const d2 = mkdtempSync(join(tmpdir(), 'pai-restore-fail-'));
    const dbFile = join(d2, 'pai.db');
    const db = openDatabase(dbFile);
    migrate(db);
    const put = (k: string) =>
      db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(k, '1');
    let failMigrate = false;
    const svc = new BackupService({
      db,
      dbFile,
      dataDir: d2,
      clock: { now: () => now },
      timeZone: () => 'Asia/Shanghai',
      events: new EventBus(),
      migrate: (x) => {
        if (failMigrate) throw new Error('simulated migration failure');
        migrate(x);
      },
    });
    put('old');
    const b = await svc.create('manual');
    put('new');
    failMigrate = true;
    now += 1000;
    await expect(svc.restore(b.name)).rejects.toMatchObject({ code: 'BACKUP_FAILED' });
    expect(db.prepare('SELECT key FROM settings ORDER BY key').all()).toEqual([
      { key: 'new' },
      { key: 'old' },
    ]);
    expect(
      svc
        .list()
        .map((x) => x.kind)
        .sort(),
    ).toEqual(['manual', 'pre-restore']);
    db.close();
    rmSync(d2, { recursive: true, force: true });
  });

  it('takes one automatic backup per local day on a schedule and prunes by retention', async () => {
    // Only timers are fake: the backup itself does real file I/O.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await app.close();
    app = createApp({
      dataDir: dir,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => now },
      background: true,
    });
    add('咖啡', 18);
    const autos = () =>
      app.services.backups
        .list()
        .filter((b) => b.kind === 'auto')
        .map((b) => b.name);
    const ranAt = async (ms: number) =>
      vi.waitFor(
        () => expect(app.services.backups.lastAuto()?.at).toBe(toLocalIso(ms, 'Asia/Shanghai')),
        { timeout: 5000 },
      );
    await app.start();
    await vi.advanceTimersByTimeAsync(1);
    await ranAt(now);
    expect(autos()).toEqual(['pai-auto-20260408-023000.db']);
    // Hourly checks the same day add nothing.
    now += 3 * 3600_000;
    await vi.advanceTimersByTimeAsync(3 * 3600_000);
    expect(autos()).toHaveLength(1);
    // 40 days later, one a day: retention keeps 7 daily + older weekly ones.
    for (let d = 1; d <= 40; d++) {
      now += 24 * 3600_000;
      await vi.advanceTimersByTimeAsync(3600_000);
      await ranAt(now);
    }
    // Now Mon 2026-05-18 13:30 local: May 12..18 daily, then the newest of the weeks ending May 10, May 3, Apr 26.
    const localDays = autos().map((n) =>
      toLocalIso(
        Date.parse(
          n.replace(/^pai-auto-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)\.db$/, '$1-$2-$3T$4:$5:$6Z'),
        ),
        'Asia/Shanghai',
      ).slice(0, 10),
    );
    expect(localDays).toEqual([
      '2026-05-18',
      '2026-05-17',
      '2026-05-16',
      '2026-05-15',
      '2026-05-14',
      '2026-05-13',
      '2026-05-12',
      '2026-05-10',
      '2026-05-03',
      '2026-04-26',
    ]);
    expect(app.services.backups.lastAuto()).toMatchObject({ ok: true });
    const list = await app.dispatch('backup.list', {});
    expect(list.ok && (list.data as { last_auto: { ok: boolean } }).last_auto.ok).toBe(true);
    await app.close();
    expect(existsSync(join(dir, 'pai.db'))).toBe(true);
  });
});

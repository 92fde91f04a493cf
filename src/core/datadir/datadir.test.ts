import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { openDatabase } from '../db/connection';
import { DB_FILE } from '../paths';
import { PaiError } from '../../shared/errors';
import { dataLocation, DataDirService, POINTER_FILE, readPointer, resolveDataDir } from './index';

let root: string;
let boot: string;
let app: PaiApp;

function open(dataDir: string): PaiApp {
  return createApp({ dataDir, bootstrapDir: boot, timeZone: 'Asia/Shanghai', background: false });
}

function addCoffee(a: PaiApp) {
  return a.dispatch('ledger.create', {
    amount: 18,
    item: '咖啡',
    transaction_date: '2026-04-15 10:00',
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pai-datadir-'));
  boot = join(root, 'boot');
  mkdirSync(boot);
  app = open(boot);
});
afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('data folder pointer and app.dataDir.set', () => {
  it('without a pointer the data stays in the bootstrap folder', async () => {
    expect(resolveDataDir(boot)).toBe(boot);
    const r = await app.dispatch('app.dataDir.get', {});
    expect(r).toEqual({ ok: true, data: { current: boot, pointer: null, default: boot } });
  });

  it('move copies the database and receipts; after a restart the app reads them from the new folder', async () => {
    expect((await addCoffee(app)).ok).toBe(true);
    mkdirSync(join(boot, 'receipts'));
    writeFileSync(join(boot, 'receipts', 'r1.jpg'), 'jpeg bytes');
    const target = join(root, 'new', 'Pai');

    const r = await app.dispatch('app.dataDir.set', { path: target, move: true });
    expect(r).toEqual({ ok: true, data: { restart_required: true, path: target } });
    expect(readFileSync(join(target, 'receipts', 'r1.jpg'), 'utf8')).toBe('jpeg bytes');
    expect(existsSync(join(target, `${DB_FILE}.partial`))).toBe(false);
    // The running app keeps its folder until restart.
    expect((await app.dispatch('app.info', {})).ok && app.ctx.dataDir).toBe(boot);

    await app.close();
    expect(resolveDataDir(boot)).toBe(target);
    app = open(resolveDataDir(boot));
    const list = await app.dispatch('ledger.list', {});
    expect(JSON.stringify(list)).toContain('咖啡');
    const info = await app.dispatch('app.dataDir.get', {});
    expect(info).toEqual({ ok: true, data: { current: target, pointer: target, default: boot } });
  });

  it('"use this folder" on an existing Pai folder only writes the pointer', async () => {
    const other = join(root, 'other');
    const a2 = open(other);
    await addCoffee(a2);
    await a2.close();
    const r = await app.dispatch('app.dataDir.set', { path: other, move: false });
    expect(r.ok).toBe(true);
    expect(readPointer(boot)).toBe(other);
  });

  it('refuses a non-empty folder that is not Pai’s, writes nothing, and keeps the old pointer', async () => {
    const first = join(root, 'first');
    expect((await app.dispatch('app.dataDir.set', { path: first, move: true })).ok).toBe(true);
    const before = readFileSync(join(boot, POINTER_FILE), 'utf8');

    const foreign = join(root, 'photos');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'cat.jpg'), 'meow');
    const r = await app.dispatch('app.dataDir.set', { path: foreign, move: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    if (!r.ok) expect(r.error.message).toMatch(/不是空的.*neither empty nor a Pai data folder/);
    expect(existsSync(join(foreign, DB_FILE))).toBe(false);
    expect(readFileSync(join(boot, POINTER_FILE), 'utf8')).toBe(before);
  });

  it('refuses relative paths, the current folder and folders inside it', async () => {
    for (const path of ['relative/dir', boot, join(boot, 'sub')]) {
      const r = await app.dispatch('app.dataDir.set', { path, move: false });
      expect(r, path).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(existsSync(join(boot, 'sub'))).toBe(false);
    expect(existsSync(join(boot, POINTER_FILE))).toBe(false);
  });

  it('a failure after the copy (pointer cannot be written) removes the copy and keeps the old pointer', async () => {
    const first = join(root, 'first');
    expect((await app.dispatch('app.dataDir.set', { path: first, move: true })).ok).toBe(true);
    // A Pai folder that is already there cannot be moved onto.
    expect(await app.dispatch('app.dataDir.set', { path: first, move: true })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    // A copy that fails verification: refused, half copy gone, pointer as it was.
    const bad = join(root, 'bad');
    const failing = new DataDirService({
      db: app.ctx.db,
      dataDir: boot,
      bootstrapDir: boot,
      verify: () => {
        throw new PaiError('BACKUP_FAILED', '备份校验失败 (integrity check failed)');
      },
    });
    await expect(failing.set({ path: bad, move: true })).rejects.toMatchObject({
      code: 'BACKUP_FAILED',
    });
    expect(existsSync(bad)).toBe(false);
    expect(readPointer(boot)).toBe(first);

    if (process.getuid?.() === 0) return; // root ignores the read-only folder below
    const target = join(root, 'second');
    mkdirSync(target);
    chmodSync(boot, 0o500);
    try {
      const r = await app.dispatch('app.dataDir.set', { path: target, move: true });
      expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    } finally {
      chmodSync(boot, 0o700);
    }
    expect(readPointer(boot)).toBe(first);
    expect(existsSync(join(target, DB_FILE))).toBe(false);
    expect(existsSync(target)).toBe(true); // the person's own empty folder is left alone
  });

  it('a pointer to a missing folder falls back to the bootstrap folder; explicit folders win', () => {
    writeFileSync(join(boot, POINTER_FILE), JSON.stringify({ path: join(root, 'gone') }));
    expect(resolveDataDir(boot)).toBe(boot);
    writeFileSync(join(boot, POINTER_FILE), 'not json');
    expect(resolveDataDir(boot)).toBe(boot);
    const env = { XDG_CONFIG_HOME: root, PAI_DATA_DIR: '/x/y' };
    expect(dataLocation(undefined, env)).toEqual({
      dataDir: '/x/y',
      bootstrapDir: join(root, 'Pai'),
    });
    expect(dataLocation('/flag', env).dataDir).toBe('/flag');
  });

  it('the copied database is a valid standalone SQLite file', async () => {
    await addCoffee(app);
    const target = join(root, 'copy');
    expect((await app.dispatch('app.dataDir.set', { path: target, move: true })).ok).toBe(true);
    const db = openDatabase(join(target, DB_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});

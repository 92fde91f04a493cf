import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { createApp } from '../app';
import { PaiError } from '../../shared/errors';
import { dumpTables, tempDir } from '../../../tests/support/temp-app';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function freshFile(): string {
  const t = tempDir('pai-migrate-');
  cleanups.push(t.cleanup);
  return join(t.dir, 'pai.db');
}

function open(file: string): Db {
  const db = openDatabase(file, { vec: false });
  cleanups.push(() => db.open && db.close());
  return db;
}

const versions = (db: Db) =>
  (
    db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as {
      version: number;
    }[]
  ).map((r) => r.version);

describe('migrate', () => {
  it('creates every table on an empty database and records each version', () => {
    const db = open(freshFile());
    const { applied } = migrate(db);
    expect(applied).toEqual(MIGRATIONS.map((m) => m.version));
    expect(versions(db)).toEqual(MIGRATIONS.map((m) => m.version));
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]
    ).map((r) => r.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'settings',
        'audit_log',
        'tool_usage',
        'tool_settings',
        'ledgers',
      ]),
    );
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
  });

  it('upgrades a populated database from 1..2 and keeps the rows; re-running changes nothing', () => {
    const file = freshFile();
    const db = open(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 2),
    );
    db.prepare("INSERT INTO users (id, nickname) VALUES (2, 'b')").run();
    const ins = db.prepare(
      'INSERT INTO ledgers (user_id, amount_minor, currency, category, item, image_url, transaction_at, platform, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)',
    );
    ins.run(1, 3250, 'CNY', '餐饮', '午饭', '', 1775449800000, 'desktop', 1, 1);
    ins.run(2, 100, 'USD', '交通', 'bus', '', 1775449900000, 'desktop', 2, 2);
    db.prepare("INSERT INTO settings (key, value) VALUES ('general', '{}')").run();
    // A deleted entry the audit log remembers: its id must never be handed out again.
    db.prepare(
      "INSERT INTO audit_log (user_id, actor, action, entity, entity_id) VALUES (1, 'user', 'delete', 'ledger', 50)",
    ).run();

    migrate(db);
    const after = dumpTables(db);
    expect(after.ledgers).toHaveLength(2);
    expect(after.audit_log).toHaveLength(1);
    // Migration 5 backfills the day totals from the rows that were already there.
    expect(after.ledger_day_totals!.map((r) => JSON.parse(r as string))).toEqual(
      expect.arrayContaining([
        {
          user_id: 1,
          currency: 'CNY',
          category: '餐饮',
          day: Math.floor(1775449800000 / 86400000),
          minor: 3250,
          n: 1,
        },
        {
          user_id: 2,
          currency: 'USD',
          category: '交通',
          day: Math.floor(1775449900000 / 86400000),
          minor: 100,
          n: 1,
        },
      ]),
    );
    expect(after.ledgers!.map((r) => JSON.parse(r as string).item).sort()).toEqual(['bus', '午饭']);
    expect(versions(db)).toEqual(MIGRATIONS.map((m) => m.version));

    const next = ins.run(1, 1, 'CNY', 'x', 'y', '', 1, 'desktop', 3, 3).lastInsertRowid;
    expect(Number(next)).toBe(51);
    db.prepare('DELETE FROM ledgers WHERE id = 51').run();
    const settled = dumpTables(db);

    const again = migrate(db);
    expect(again.applied).toEqual([]);
    expect(dumpTables(db)).toEqual(settled);
  });

  it('refuses a database newer than the app and leaves the file unchanged', () => {
    const file = freshFile();
    const db = open(file);
    migrate(db);
    db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from-the-future', 'x')",
    ).run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);

    const db2 = open(file);
    let err: unknown;
    try {
      migrate(db2);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PaiError);
    expect((err as PaiError).code).toBe('DB_NEWER_THAN_APP');
    expect((err as PaiError).message).toMatch(/newer version of Pai/);
    db2.close();
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('createApp refuses a newer database with DB_NEWER_THAN_APP', () => {
    const file = freshFile();
    const db = open(file);
    migrate(db);
    db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'x', 'x')",
    ).run();
    db.close();
    const dataDir = join(file, '..');
    expect(() => createApp({ dataDir, timeZone: 'UTC', env: {} })).toThrow(
      expect.objectContaining({ code: 'DB_NEWER_THAN_APP' }),
    );
  });

  it('rolls back a failing migration completely and records nothing for it', () => {
    const db = open(freshFile());
    migrate(db);
    const before = dumpTables(db);
    const bad = [
      ...MIGRATIONS,
      {
        version: 9999,
        name: 'bad',
        sql: 'CREATE TABLE half (x INTEGER); INSERT INTO nope VALUES (1);',
      },
    ];
    expect(() => migrate(db, bad)).toThrow();
    expect(dumpTables(db)).toEqual(before);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
  });
});

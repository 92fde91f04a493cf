// Test fixtures: a real app on a fresh SQLite file in a temp folder, a
// settable fake clock and an explicit time zone (never the machine's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaiApp } from '../../src/core/app';
import type { Clock } from '../../src/core/clock';
import type { Db } from '../../src/core/db/connection';
import type { ToolContext } from '../../src/core/tools/types';

export interface FakeClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2026-04-06T04:30:00Z')): FakeClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export function tempDir(prefix = 'pai-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestApp {
  app: PaiApp;
  clock: FakeClock;
  dir: string;
  db: Db;
  close: () => Promise<void>;
}

export function openTestApp(
  opts: { timeZone?: string; clock?: FakeClock; dir?: string } = {},
): TestApp {
  const own = opts.dir ? null : tempDir();
  const dir = opts.dir ?? own!.dir;
  const clock = opts.clock ?? fakeClock();
  const app = createApp({
    dataDir: dir,
    clock,
    timeZone: opts.timeZone ?? 'Asia/Shanghai',
    env: {},
  });
  return {
    app,
    clock,
    dir,
    db: app.ctx.db,
    close: async () => {
      await app.close();
      own?.cleanup();
    },
  };
}

export function toolCtx(over: Partial<ToolContext> = {}): ToolContext {
  return {
    userId: 1,
    conversationId: null,
    locale: 'zh-CN',
    timeZone: 'Asia/Shanghai',
    imageUrls: [],
    actor: 'agent',
    platform: 'desktop',
    ...over,
  };
}

/** Every row of every user table, in a stable order: compare before/after a failed write. */
export function dumpTables(db: Db): Record<string, unknown[]> {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
      )
      .all() as {
      name: string;
    }[]
  ).map((t) => t.name);
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const rows = db.prepare(`SELECT * FROM "${t}"`).all();
    // Sort by content so tables without a rowid compare stably too.
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** Adds a second person so cross-user access can be tested. */
export function addUser(db: Db, nickname = 'other'): number {
  return Number(
    db.prepare('INSERT INTO users (nickname) VALUES (?)').run(nickname).lastInsertRowid,
  );
}

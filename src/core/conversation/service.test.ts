import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { DB_FILE } from '../paths';

let dir: string;
let app: PaiApp;
let now = Date.parse('2026-04-06T04:30:00Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pai-conv-'));
  app = createApp({ dataDir: dir, env: {}, timeZone: 'Asia/Shanghai', clock: { now: () => now } });
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

it('the first message names an untitled conversation; later messages and a rename keep the title; every append moves last-active', () => {
  const conv = app.services.conversations;
  const c = conv.create(1);
  conv.append(1, c.id, [{ turnId: 't1', role: 'assistant', content: '你好' }]);
  expect(conv.get(1, c.id).title).toBe('');
  conv.append(1, c.id, [{ turnId: 't1', role: 'user', content: '午饭 32' }]);
  expect(conv.get(1, c.id).title).toBe('午饭 32');
  now += 60_000;
  conv.append(1, c.id, [{ turnId: 't2', role: 'user', content: '晚饭 40' }]);
  const after = conv.get(1, c.id);
  expect(after.title).toBe('午饭 32');
  expect(after.last_active_at).toBe('2026-04-06T12:31:00+08:00');
  conv.rename(1, c.id, '吃饭');
  now += 60_000;
  conv.append(1, c.id, [{ turnId: 't3', role: 'user', content: '早饭 8' }]);
  expect(conv.get(1, c.id)).toMatchObject({
    title: '吃饭',
    last_active_at: '2026-04-06T12:32:00+08:00',
  });
});

describe('recentRows (served from memory for recently used conversations)', () => {
  /** What recentRows promises, straight from SQLite. */
  const direct = (conversationId: number, limit: number, excludeTurn?: string) =>
    (
      app.ctx.db
        .prepare(
          'SELECT id FROM messages WHERE conversation_id = ? AND turn_id != ? ORDER BY id DESC LIMIT ?',
        )
        .all(conversationId, excludeTurn ?? '', limit) as { id: number }[]
    )
      .map((r) => r.id)
      .reverse();
  const ids = (conversationId: number, limit: number, excludeTurn?: string) =>
    app.services.conversations.recentRows(conversationId, limit, excludeTurn).map((r) => r.id);

  it('matches SQLite across many turns, limits, excluded turns and two conversations', () => {
    const conv = app.services.conversations;
    const a = conv.create(1).id;
    const b = conv.create(1).id;
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let t = 0; t < 90; t++) {
      const c = rnd(3) === 0 ? b : a;
      const turnId = `turn-${t}`;
      conv.append(1, c, [{ turnId, role: 'user', content: `第 ${t} 条` }]);
      for (const limit of [1, 5, 120]) {
        expect(ids(c, limit, turnId)).toEqual(direct(c, limit, turnId));
        expect(ids(c, limit)).toEqual(direct(c, limit));
      }
      const n = rnd(4);
      for (let k = 0; k < n; k++)
        conv.append(1, c, [{ turnId, role: k % 2 ? 'tool' : 'assistant', content: `r${k}` }]);
      expect(ids(c, 120, turnId)).toEqual(direct(c, 120, turnId));
    }
    expect(ids(a, 500)).toEqual(direct(a, 500));
  });

  it('sees rows written by another connection, drops deleted conversations, and forgets rows of a rolled-back transaction', () => {
    const conv = app.services.conversations;
    const c = conv.create(1).id;
    conv.append(1, c, [{ turnId: 't1', role: 'user', content: '午饭 32' }]);
    expect(ids(c, 120)).toHaveLength(1);
    // Another process on the same data folder (the CLI) appends a row.
    const other = new Database(join(dir, DB_FILE));
    other
      .prepare(
        "INSERT INTO messages (conversation_id, user_id, turn_id, role, content, created_at) VALUES (?, 1, 't2', 'user', '晚饭 40', 0)",
      )
      .run(c);
    other.close();
    expect(app.services.conversations.recentRows(c, 120).map((r) => r.content)).toEqual([
      '午饭 32',
      '晚饭 40',
    ]);

    expect(() =>
      app.ctx.db.transaction(() => {
        conv.append(1, c, [{ turnId: 't3', role: 'user', content: '不会留下' }]);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    // The next row may take the rolled-back row's id: its content must be the one served.
    conv.append(1, c, [{ turnId: 't4', role: 'user', content: '早饭 8' }]);
    expect(app.services.conversations.recentRows(c, 120).map((r) => r.content)).toEqual([
      '午饭 32',
      '晚饭 40',
      '早饭 8',
    ]);

    conv.delete(1, c);
    expect(ids(c, 120)).toEqual([]);
  });
});

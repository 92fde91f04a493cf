import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';

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
  expect(conv.get(1, c.id)).toMatchObject({ title: '吃饭', last_active_at: '2026-04-06T12:32:00+08:00' });
});

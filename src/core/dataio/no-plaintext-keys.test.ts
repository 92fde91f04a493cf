import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { filesContaining, listFiles } from './plaintext-scan';

// Keys reach Pai from the environment (or, in the desktop app, safeStorage); the
// engine must never write one to the data folder. This walks a data folder
// through every path that writes files — ledger and settings writes, quick add,
// manual and scheduled backups, JSON and CSV exports, CSV import, a restore —
// and then reads every byte of every file in it.
// (When the agent's SecretStore/ProviderService is merged, configure the key
// through it here as well.)
const KEY = 'sk-pai-test-9f8e7d6c5b4a3210ZYXWVUTSRQ';

describe('no API key in plain text in the data folder', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('scans db, wal, backups and exports after every writing path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pai-secrets-'));
    dirs.push(dir);
    const now = Date.parse('2026-04-08T10:30:00+08:00');
    const app = createApp({
      dataDir: dir,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => now },
      background: true,
      env: { ...process.env, OPENAI_API_KEY: KEY, PAI_SECRET_SEARCH_API_KEY: KEY },
    });
    await app.start(); // scheduled daily backup runs now
    // A provider is configured in settings without its key (the key stays in the secret store / env).
    app.ctx.settings.set(
      'providers',
      z.object({ chat: z.object({ baseUrl: z.string(), model: z.string() }) }),
      {
        chat: { baseUrl: 'https://marker-provider.example/v1', model: 'marker-model' },
      },
    );
    await app.dispatch('settings.update', { categories: ['餐饮', '交通', '标记分类'] });
    const parsed = await app.dispatch('quickadd.parse', { line: '标记咖啡 18' });
    if (parsed.ok) await app.dispatch('quickadd.save', parsed.data);
    await app.dispatch('data.importCsv', {
      csv: 'date,amount,item\n2026-04-01,12,标记导入\n',
      mapping: { transaction_date: 0, amount: 1, item: 2 },
    });
    const backup = await app.dispatch('backup.create', {});
    await app.dispatch('data.export', { format: 'json' });
    await app.dispatch('data.export', { format: 'ledger_csv' });
    if (backup.ok)
      await app.dispatch('backup.restore', {
        name: (backup.data as { name: string }).name,
        confirm: true,
      });
    await app.dispatch('backup.create', {});

    // While the app is open (WAL present) and after it closed.
    const check = () => {
      const files = listFiles(dir);
      expect(files.some((f) => f.startsWith('backups/pai-auto-'))).toBe(true);
      expect(files.some((f) => f.startsWith('backups/pre-restore-'))).toBe(true);
      expect(files.some((f) => f.startsWith('exports/') && f.endsWith('.json'))).toBe(true);
      expect(files.some((f) => f.startsWith('exports/') && f.endsWith('.csv'))).toBe(true);
      // The scan does see what was written (so it would see a key)...
      const marked = filesContaining(dir, '标记咖啡');
      expect(marked.some((f) => f.startsWith('pai.db'))).toBe(true);
      expect(marked.some((f) => f.startsWith('backups/'))).toBe(true);
      expect(marked.some((f) => f.startsWith('exports/'))).toBe(true);
      expect(
        filesContaining(dir, 'marker-provider.example').some((f) => f.startsWith('exports/')),
      ).toBe(true);
      // ...and no file holds the key, nor a distinctive part of it.
      expect(filesContaining(dir, KEY)).toEqual([]);
      expect(filesContaining(dir, KEY.slice(-16))).toEqual([]);
    };
    check();
    await app.close();
    check();
  });
});

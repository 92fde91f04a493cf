import { MIGRATIONS } from '../db/migrations';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { z } from 'zod';
import type { ExportDoc } from './export-json';

const NOW = Date.parse('2026-04-08T10:30:00+08:00');

function open(dir: string, now = NOW): PaiApp {
  return createApp({
    dataDir: dir,
    timeZone: 'Asia/Shanghai',
    clock: { now: () => now },
    background: false,
  });
}

/** An export without its timestamp, for comparing two exports. */
function body(doc: ExportDoc): Omit<ExportDoc, 'exported_at'> {
  const { exported_at: _e, ...rest } = doc;
  return rest;
}

describe('full JSON export and import', () => {
  const dirs: string[] = [];
  const mk = () => {
    const d = mkdtempSync(join(tmpdir(), 'pai-dataio-'));
    dirs.push(d);
    return d;
  };
  let app: PaiApp;
  beforeEach(() => {
    app = open(mk());
    const l = app.services.ledger;
    l.create(
      1,
      { amount: 18, item: '咖啡', category: '餐饮', transaction_date: '2026-04-07 09:15' },
      { actor: 'user' },
    );
    const lunch = l.create(
      1,
      { amount: 32.5, item: '午饭 "套餐", 加蛋', category: '餐饮' },
      { actor: 'agent' },
    );
    l.create(
      1,
      { amount: 12.5, currency: 'USD', item: 'lunch', category: '餐饮' },
      { actor: 'cli' },
    );
    l.update(1, lunch.id, { amount: 33 }, { actor: 'user' });
    const gone = l.create(1, { amount: 5, item: '=cmd()', category: '其他' }, { actor: 'user' });
    l.delete(1, gone.id, { actor: 'user' });
    app.ctx.settings.updateGeneral({
      timeZone: 'Asia/Shanghai',
      categories: ['餐饮', '交通', '宠物'],
    });
    app.ctx.db
      .prepare(
        'INSERT INTO tool_settings (tool_source, tool_name, enabled, approval) VALUES (?, ?, ?, ?)',
      )
      .run('builtin', 'ledger_delete', 0, 'ask');
  });
  afterEach(async () => {
    await app.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('exports every user table with a format and schema version, and no bookkeeping', () => {
    const doc = app.services.data.exportJson();
    const versions = MIGRATIONS.map((m) => m.version);
    expect(doc).toMatchObject({
      format: 'pai-export',
      format_version: 1,
      schema_version: versions.at(-1),
      migrations: versions,
      exported_at: '2026-04-08T10:30:00+08:00',
    });
    const names = Object.keys(doc.tables);
    expect(names).toEqual(
      expect.arrayContaining([
        'audit_log',
        'ledgers',
        'settings',
        'tool_settings',
        'tool_usage',
        'users',
      ]),
    );
    // Bookkeeping, trigger-kept totals and the memory vector cache stay out: the target rebuilds them.
    expect(names).toContain('memories');
    for (const t of ['schema_migrations', 'ledger_day_totals', 'ledger_month_totals', 'memory_ann'])
      expect(names).not.toContain(t);
    expect(doc.tables.ledgers!.rows).toHaveLength(3);
    expect(doc.tables.audit_log!.rows).toHaveLength(6);
  });

  it('export → import into an empty data folder → export gives back the same data', async () => {
    const first = app.services.data.exportJson();
    const written = app.services.data.writeExport(1, 'json');
    expect(written.path.startsWith(join(app.ctx.dataDir, 'exports'))).toBe(true);

    const target = open(mk(), NOW + 86_400_000);
    try {
      const r = target.services.data.importJson(readFileSync(written.path, 'utf8'));
      expect(r.rows).toBe(written.rows);
      const second = target.services.data.exportJson();
      expect(second.exported_at).not.toBe(first.exported_at);
      expect(body(second)).toEqual(body(first));
      // And the app reads it as its own data.
      expect(
        target.services.ledger
          .list(1, { order: 'asc' })
          .entries.map((e) => [e.item, e.amount, e.currency]),
      ).toEqual([
        ['咖啡', 18, 'CNY'],
        ['午饭 "套餐", 加蛋', 33, 'CNY'],
        ['lunch', 12.5, 'USD'],
      ]);
      expect(target.ctx.settings.general().categories).toEqual(['餐饮', '交通', '宠物']);
      // The deleted entry can still be undone from the imported audit log.
      const undo = target.ctx.db
        .prepare("SELECT id FROM audit_log WHERE action = 'delete'")
        .get() as { id: number };
      expect(
        target.services.ledger.undoDelete(1, `ledger-delete:${undo.id}`, { actor: 'user' }).item,
      ).toBe('=cmd()');
    } finally {
      await target.close();
    }
  });

  it('refuses to import into a folder that already has data, and changes nothing', async () => {
    const text = JSON.stringify(app.services.data.exportJson());
    const other = open(mk());
    try {
      other.services.ledger.create(1, { amount: 1, item: '已有' }, { actor: 'user' });
      expect(() => other.services.data.importJson(text)).toThrow(/not empty/);
      expect(other.services.ledger.list(1, {}).entries.map((e) => e.item)).toEqual(['已有']);
    } finally {
      await other.close();
    }
  });

  it('refuses damaged or foreign files and a newer schema, writing nothing', async () => {
    const target = open(mk());
    try {
      const doc = app.services.data.exportJson();
      expect(() => target.services.data.importJson('{not json')).toThrow(/not valid JSON/);
      expect(() => target.services.data.importJson(JSON.stringify({ hello: 1 }))).toThrow(
        /not a Pai export/,
      );
      expect(() =>
        target.services.data.importJson(
          JSON.stringify({ ...doc, migrations: [1, 2, 99], schema_version: 99 }),
        ),
      ).toThrow(/newer Pai/);
      const badRow = structuredClone(doc);
      badRow.tables.ledgers!.rows.push([1]);
      expect(() => target.services.data.importJson(JSON.stringify(badRow))).toThrow(
        /wrong number of cells/,
      );
      // A row that violates a constraint fails the whole transaction.
      const dupId = structuredClone(doc);
      dupId.tables.ledgers!.rows.push([...dupId.tables.ledgers!.rows[0]!]);
      expect(() => target.services.data.importJson(JSON.stringify(dupId))).toThrow();
      expect(target.services.ledger.list(1, {}).total).toBe(0);
      expect(target.ctx.db.prepare('SELECT COUNT(*) AS n FROM audit_log').get()).toEqual({ n: 0 });
    } finally {
      await target.close();
    }
  });

  it('never exports credentials that were put in settings', () => {
    // Keys belong in the secret store; even if some code put one in settings, it stays out of exports.
    app.ctx.settings.set('provider.apiKey', z.string(), 'sk-test-SHOULD-NOT-LEAK');
    app.ctx.db.prepare("INSERT INTO settings (key, value) VALUES ('providers', ?)").run(
      JSON.stringify({
        chat: {
          baseUrl: 'https://api.example.com/v1',
          model: 'gpt',
          apiKey: 'sk-nested-SHOULD-NOT-LEAK',
          headers: { Authorization: 'Bearer sk-x' },
        },
      }),
    );
    const doc = app.services.data.exportJson();
    const text = JSON.stringify(doc);
    expect(text).not.toContain('SHOULD-NOT-LEAK');
    expect(text).not.toContain('Bearer sk-x');
    expect(text).toContain('https://api.example.com/v1');
    expect(doc.redacted).toEqual([
      'settings:provider.apiKey',
      'settings:providers.chat.apiKey',
      'settings:providers.chat.headers.Authorization',
    ]);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';
import type { CsvPreview } from '../../shared/contract';

const NOW = Date.parse('2026-04-08T10:30:00+08:00');

describe('ledger CSV', () => {
  let dir: string;
  let app: PaiApp;
  const entries = () =>
    app.services.ledger
      .list(1, { order: 'asc' })
      .entries.map((e) => [e.transaction_date, e.amount, e.currency, e.category, e.item]);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-csv-'));
    app = createApp({
      dataDir: dir,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => NOW },
      background: false,
    });
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the ledger as CSV with local times, quoting and formula escaping', async () => {
    app.services.ledger.create(
      1,
      { amount: 18, item: '咖啡', category: '餐饮', transaction_date: '2026-04-07 09:15' },
      { actor: 'user' },
    );
    app.services.ledger.create(
      1,
      {
        amount: 32.5,
        item: '午饭 "套餐", 加蛋',
        category: '餐饮',
        transaction_date: '2026-04-07 12:00',
      },
      { actor: 'user' },
    );
    app.services.ledger.create(
      1,
      { amount: 3, item: '=HYPERLINK("x")', transaction_date: '2026-04-07 13:00' },
      { actor: 'user' },
    );
    const r = await app.dispatch('data.export', { format: 'ledger_csv' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = r.data as { path: string; rows: number };
    expect(out.rows).toBe(3);
    const text = readFileSync(out.path, 'utf8');
    expect(
      text.startsWith('\uFEFFid,transaction_date,amount,currency,category,item,image_url\r\n'),
    ).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(rows.slice(1)).toEqual([
      ['1', '2026-04-07T09:15:00+08:00', '18', 'CNY', '餐饮', '咖啡', ''],
      ['2', '2026-04-07T12:00:00+08:00', '32.5', 'CNY', '餐饮', '午饭 "套餐", 加蛋', ''],
      ['3', '2026-04-07T13:00:00+08:00', '3', 'CNY', '其他', '\'=HYPERLINK("x")', ''],
    ]);
  });

  it('our own CSV export imports back into another data folder, same entries', async () => {
    app.services.ledger.create(
      1,
      { amount: 18, item: '咖啡', category: '餐饮', transaction_date: '2026-04-07 09:15' },
      { actor: 'user' },
    );
    app.services.ledger.create(
      1,
      { amount: 3, item: '=1+1', transaction_date: '2026-04-07 13:00' },
      { actor: 'user' },
    );
    const csv = app.services.data.exportLedgerCsv(1).csv;
    const before = entries();
    const dir2 = mkdtempSync(join(tmpdir(), 'pai-csv2-'));
    const other = createApp({
      dataDir: dir2,
      timeZone: 'Asia/Shanghai',
      clock: { now: () => NOW },
      background: false,
    });
    try {
      const preview = await other.dispatch('data.importCsvPreview', { csv });
      expect(preview.ok).toBe(true);
      const p = (preview as { data: CsvPreview }).data;
      expect(p.has_header).toBe(true);
      expect(p.mapping).toEqual({
        transaction_date: 1,
        amount: 2,
        item: 5,
        category: 4,
        currency: 3,
      });
      const done = await other.dispatch('data.importCsv', { csv, mapping: p.mapping! });
      expect(done).toMatchObject({ ok: true, data: { created: 2, skipped_duplicates: 0 } });
      expect(
        other.services.ledger
          .list(1, { order: 'asc' })
          .entries.map((e) => [e.transaction_date, e.amount, e.currency, e.category, e.item]),
      ).toEqual(before);
    } finally {
      await other.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  const BANK = [
    '交易时间,金额(元),备注,类型',
    '2026/4/1 08:30,¥25.00,早餐,餐饮',
    '2026/4/2 18:05,"1,280.50",机票,交通',
    '2026-04-03,36.5,打车,',
  ].join('\n');

  it('previews a CSV with a header: detects it, suggests a mapping, shows the rows it would create', async () => {
    const r = await app.dispatch('data.importCsvPreview', { csv: BANK, limit: 2 });
    expect(r.ok).toBe(true);
    const p = (r as { data: CsvPreview }).data;
    expect(p.has_header).toBe(true);
    expect(p.headers).toEqual(['交易时间', '金额(元)', '备注', '类型']);
    expect(p.mapping).toEqual({ transaction_date: 0, amount: 1, item: 2, category: 3 });
    expect(p.rows).toEqual([
      {
        line: 2,
        cells: ['2026/4/1 08:30', '¥25.00', '早餐', '餐饮'],
        duplicate: false,
        entry: {
          amount: 25,
          currency: 'CNY',
          category: '餐饮',
          item: '早餐',
          transaction_date: '2026-04-01T08:30:00+08:00',
        },
      },
      {
        line: 3,
        cells: ['2026/4/2 18:05', '1,280.50', '机票', '交通'],
        duplicate: false,
        entry: {
          amount: 1280.5,
          currency: 'CNY',
          category: '交通',
          item: '机票',
          transaction_date: '2026-04-02T18:05:00+08:00',
        },
      },
    ]);
    expect(p.totals).toEqual({ rows: 3, valid: 3, invalid: 0, duplicates: 0 });
    expect(app.services.ledger.list(1, {}).total).toBe(0); // a preview writes nothing
  });

  it('maps columns by header name or index, for files without a header too', async () => {
    const noHeader = 'Starbucks;2026-04-05 10:00;32\nDidi;2026-04-05 11:00;18.2\n';
    const p = await app.dispatch('data.importCsvPreview', { csv: noHeader });
    const prev = (p as { data: CsvPreview }).data;
    expect(prev.has_header).toBe(false);
    expect(prev.headers).toEqual(['#1', '#2', '#3']);
    expect(prev.mapping).toEqual({ transaction_date: 1, amount: 2 });
    const r = await app.dispatch('data.importCsv', {
      csv: noHeader,
      mapping: { transaction_date: 1, amount: 2, item: 0 },
    });
    expect(r).toMatchObject({ ok: true, data: { created: 2 } });
    expect(entries()).toEqual([
      ['2026-04-05T10:00:00+08:00', 32, 'CNY', '其他', 'Starbucks'],
      ['2026-04-05T11:00:00+08:00', 18.2, 'CNY', '其他', 'Didi'],
    ]);
    const byName = await app.dispatch('data.importCsv', {
      csv: BANK,
      mapping: { transaction_date: '交易时间', amount: '金额(元)', item: '备注' },
    });
    expect(byName).toMatchObject({ ok: true, data: { created: 3 } });
    const unknown = await app.dispatch('data.importCsv', {
      csv: BANK,
      mapping: { transaction_date: '日期', amount: 1 },
    });
    expect(unknown.ok ? null : unknown.error.message).toMatch(/no column named "日期"/);
  });

  it('detects duplicates of existing rows (same time, amount, item) and skips them on import', async () => {
    app.services.ledger.create(
      1,
      { amount: 25, item: '早餐', transaction_date: '2026-04-01 08:30' },
      { actor: 'user' },
    );
    const p = (await app.dispatch('data.importCsvPreview', { csv: BANK })) as { data: CsvPreview };
    expect(p.data.rows.map((r) => r.duplicate)).toEqual([true, false, false]);
    expect(p.data.totals.duplicates).toBe(1);
    const mapping = p.data.mapping!;
    const r = await app.dispatch('data.importCsv', { csv: BANK, mapping });
    expect(r).toMatchObject({ ok: true, data: { created: 2, skipped_duplicates: 1 } });
    expect(app.services.ledger.list(1, {}).total).toBe(3);
    // Importing the same file again creates nothing.
    const again = await app.dispatch('data.importCsv', { csv: BANK, mapping });
    expect(again).toMatchObject({ ok: true, data: { created: 0, skipped_duplicates: 3 } });
    // Unless the person asks to keep duplicates.
    const keep = await app.dispatch('data.importCsv', {
      csv: BANK,
      mapping,
      skip_duplicates: false,
    });
    expect(keep).toMatchObject({ ok: true, data: { created: 3, skipped_duplicates: 0 } });
  });

  it('refuses a bad CSV with a clear error and writes nothing', async () => {
    const mapping = { transaction_date: 0, amount: 1, item: 2 };
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['date,amount,item\n2026-04-01,12,a\n2026-04-02,"unterminated,b\n', /malformed at row/],
      [
        'date,amount,item\n2026-04-01,12,ok\nyesterday,12,bad date\n2026-04-03,abc,bad amount\n',
        /2 rows cannot be imported; nothing was written.*line 3.*cannot read date.*line 4.*cannot read amount/,
      ],
      ['date,amount,item\n2026-04-01,0,zero\n', /out of range/],
    ];
    for (const [csv, why] of cases) {
      const r = await app.dispatch('data.importCsv', { csv, mapping });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('VALIDATION_FAILED');
        expect(r.error.message).toMatch(why);
      }
    }
    expect(app.services.ledger.list(1, {}).total).toBe(0);
    expect(app.ctx.db.prepare('SELECT COUNT(*) AS n FROM audit_log').get()).toEqual({ n: 0 });
    // The preview marks the bad rows instead of failing.
    const p = (await app.dispatch('data.importCsvPreview', { csv: cases[2]![0], mapping })) as {
      data: CsvPreview;
    };
    expect(p.data.totals).toEqual({ rows: 3, valid: 1, invalid: 2, duplicates: 0 });
    expect(p.data.rows[1]!.error).toMatch(/cannot read date "yesterday"/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { createApp, type PaiApp } from '../app';
import { ScriptedChatModel } from '../../../tests/helpers/scripted-chat-model';
import { hasImageMagick, RECEIPTS, renderReceipt } from '../../../tests/helpers/receipt-images';
import type { LedgerEntry, ReceiptAnalysis } from '../../shared/contract';

const ZONE = 'Asia/Shanghai';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('receipts.* operations', () => {
  let dir: string;
  let app: PaiApp;
  let vision: ScriptedChatModel | null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-receipts-'));
    const now = DateTime.fromISO('2026-04-06T20:00:00', { zone: ZONE }).toMillis();
    app = createApp({ dataDir: dir, timeZone: ZONE, clock: { now: () => now } });
    vision = new ScriptedChatModel(() => ({
      image_type: 'receipt',
      amount: 32,
      amount_candidates: [32],
      merchant: '瑞幸咖啡(国贸店)',
      category: '餐饮',
      item: '咖啡',
      confidence: 0.9,
      evidence_text: '实付￥32.00',
      notes: 'date: 2026-04-06 12:30',
    }));
    app.ctx.models = { chat: () => null, vision: () => vision, embeddings: () => null };
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await app.dispatch(name, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  };

  it('analyze → stored by content hash → book with the image → shown → same receipt flagged as duplicate', async () => {
    const a = await call<ReceiptAnalysis>('receipts.analyze', {
      data_base64: PNG.toString('base64'),
      file_name: 'r.png',
    });
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(a.image_ref).toBe(`receipt://${sha}.png`);
    expect(readFileSync(join(dir, 'receipts', `${sha}.png`)).equals(PNG)).toBe(true);
    expect(a).toMatchObject({
      source: 'vision',
      already_stored: false,
      transaction_date: '2026-04-06 12:30',
      duplicates: [],
    });
    expect(a.extraction.amount).toBe(32);

    const entry = await call<LedgerEntry>('receipts.book', {
      image_ref: a.image_ref,
      amount: a.extraction.amount,
      category: a.extraction.category,
      item: a.extraction.merchant,
      transaction_date: a.transaction_date,
    });
    expect(entry).toMatchObject({
      amount: 32,
      image_url: a.image_ref,
      transaction_date: '2026-04-06T12:30:00+08:00',
    });
    const listed = await call<{ entries: LedgerEntry[] }>('ledger.list', {});
    expect(listed.entries[0].image_url).toBe(a.image_ref);

    const img = await call<{ data_url: string; mime: string }>('receipts.image', {
      image_ref: entry.image_url,
    });
    expect(img.data_url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    const again = await call<ReceiptAnalysis>('receipts.analyze', {
      data_base64: PNG.toString('base64'),
    });
    expect(again.already_stored).toBe(true);
    expect(again.duplicates.map((d) => d.entry.id)).toEqual([entry.id]);
    expect(again.duplicates[0].reason).toMatch(/already booked/);
  });

  it('points out a likely duplicate: same local day, same amount, similar merchant', async () => {
    const typed = app.services.ledger.create(
      1,
      { amount: 32, item: '瑞幸咖啡', transaction_date: '2026-04-06 09:00' },
      { actor: 'user' },
    );
    app.services.ledger.create(
      1,
      { amount: 32, item: '地铁', transaction_date: '2026-04-06 10:00' },
      { actor: 'user' },
    );
    app.services.ledger.create(
      1,
      { amount: 32, item: '瑞幸咖啡', transaction_date: '2026-04-05 09:00' },
      { actor: 'user' },
    );
    const a = await call<ReceiptAnalysis>('receipts.analyze', {
      data_base64: PNG.toString('base64'),
    });
    expect(a.duplicates.map((d) => d.entry.id)).toEqual([typed.id]);
    expect(a.duplicates[0].reason).toMatch(/similar merchant/);
  });

  it('refuses unsupported or corrupt files and bad input, storing nothing', async () => {
    await expect(
      call('receipts.analyze', { data_base64: Buffer.from('%PDF-1.4 ...').toString('base64') }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(
      call('receipts.analyze', { data_base64: Buffer.from([0x89, 0x50, 0x4e]).toString('base64') }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(call('receipts.analyze', {})).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      call('receipts.analyze', { path: join(dir, 'missing.png') }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      call('receipts.book', { image_ref: `receipt://${'a'.repeat(64)}.png`, amount: 3 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      call('receipts.book', { image_ref: '/etc/passwd', amount: 3 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(existsSync(join(dir, 'receipts'))).toBe(false);
    expect((await call<{ total: number }>('ledger.list', {})).total).toBe(0);
  });

  it.skipIf(!hasImageMagick())(
    'offline: with no vision model, OCR reads a rendered receipt and reports progress',
    async () => {
      vision = null;
      const spec = RECEIPTS.find((r) => r.name === 'zh-coffee')!;
      const png = readFileSync(renderReceipt(spec, join(dir, 'img')));
      const progress: number[] = [];
      app.ctx.events.on('receipt.progress', (p) => {
        if (p.request_id === 'drop-1') progress.push(p.progress);
      });
      const a = await call<ReceiptAnalysis>('receipts.analyze', {
        data_base64: png.toString('base64'),
        request_id: 'drop-1',
      });
      expect(a.source).toBe('ocr');
      expect(a.extraction.amount).toBe(32);
      expect(a.extraction.merchant).toContain('瑞幸咖啡');
      expect(a.extraction.category).toBe('餐饮');
      expect(a.transaction_date).toBe('2026-04-06 12:30');
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.at(-1)).toBe(1);
    },
    180_000,
  );
});

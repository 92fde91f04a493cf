import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startE2E, type E2E } from './harness';
import { hasImageMagick, RECEIPTS, renderReceipt } from '../helpers/receipt-images';
import type { LedgerEntry } from '../../src/shared/contract';

// Drop a receipt on the Ledger view: offline OCR (no vision model configured)
// reads it, the card shows the fields and the image, confirming books it and
// the row shows its thumbnail. A second drop of the same image is flagged.
let e2e: E2E;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pai-e2e-receipts-'));
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: '2026-04-15T10:00:00+08:00' });
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasImageMagick())('receipt drop on the Ledger view', () => {
  it('drop → card → confirm → ledger row with thumbnail; same image again → duplicate warning', async () => {
    const png = renderReceipt(
      RECEIPTS.find((r) => r.name === 'zh-coffee')!,
      dir,
    );
    const page = await e2e.openPage('ledger');
    await page.locator('.ant-upload input[type=file]').first().setInputFiles(png);
    const card = page.getByTestId('receipt-card');
    await card.waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('receipt-amount').inputValue()).resolves.toBe('32.00');
    await expect(card.getByText('离线 OCR 识别').isVisible()).resolves.toBe(true);
    await expect(card.locator('img').first().getAttribute('src')).resolves.toMatch(
      /^data:image\/png;base64,/,
    );
    await e2e.screenshot('receipts-01-card');

    await page.getByTestId('receipt-item').fill('瑞幸咖啡');
    await page.getByTestId('receipt-book').click();
    await page.getByText('已记账：瑞幸咖啡').waitFor();
    await page.getByTestId('receipt-thumb').first().waitFor();
    await e2e.screenshot('receipts-02-booked');

    const list = await e2e.invoke('ledger.list', {});
    const booked = list.entries.find((x: LedgerEntry) => x.item === '瑞幸咖啡')!;
    expect(booked).toMatchObject({
      amount: 32,
      category: '餐饮',
      transaction_date: '2026-04-06T12:30:00+08:00',
    });
    expect(booked.image_url).toMatch(/^receipt:\/\/[a-f0-9]{64}\.png$/);

    await page.locator('.ant-upload input[type=file]').first().setInputFiles(png);
    await page.getByTestId('receipt-duplicates').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('receipt-duplicates').textContent()).resolves.toContain(
      `#${booked.id}`,
    );
    await page.getByRole('button', { name: /放\s*弃/ }).click(); // antd spaces two-character CJK labels
    await page.locator('.ant-upload input[type=file]').first().waitFor({ state: 'attached' });
    expect(e2e.errors).toEqual([]);
  });

  it('an unsupported file gets a clear message and nothing is booked', async () => {
    const bad = join(dir, 'notes.png');
    writeFileSync(bad, 'this is not an image');
    await e2e.openPage('ledger');
    const page = await e2e.reload(); // a fresh view, whatever the last test left on screen
    const before = (await e2e.invoke('ledger.list', {})).total;
    await page.locator('.ant-upload input[type=file]').first().setInputFiles(bad);
    await page.getByTestId('receipt-error').waitFor();
    await expect(page.getByTestId('receipt-error').textContent()).resolves.toContain(
      '不支持的文件或图片已损坏',
    );
    expect((await e2e.invoke('ledger.list', {})).total).toBe(before);
  });
});

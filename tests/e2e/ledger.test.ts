import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';

// A person keeps their ledger in the browser through the webhost, against the
// real engine and a temp SQLite file. The clock is fixed so the month is known.
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: '2026-04-15T10:00:00+08:00' });
});
afterAll(async () => {
  await e2e?.close();
});

const row = (text: string): Locator => page.locator('.ant-table-tbody tr', { hasText: text });
const chart = (): Locator => page.getByTestId('ledger-category-chart');
const dialog = (): Locator => page.getByRole('dialog');
// ECharts animates slices in script (CSS animation switches do not reach it): let it finish before a screenshot.
const chartSettled = () => page.waitForTimeout(800);

describe('ledger view', () => {
  it('greets a new person with an empty state and a way to add the first expense', async () => {
    page = await e2e.openPage(''); // the ledger is the default view
    await page.getByText('还没有任何记录').waitFor();
    await expect(page.getByRole('button', { name: '记下第一笔支出' }).isVisible()).resolves.toBe(
      true,
    );
    await e2e.screenshot('ledger-01-empty');
  });

  it('validates the form and adds an expense with Enter', async () => {
    await page.getByRole('button', { name: '记下第一笔支出' }).click();
    await dialog().getByText('记一笔').waitFor();
    await dialog()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await dialog().getByText('请输入金额').waitFor();
    await dialog().getByLabel('金额').fill('-5');
    await dialog().getByLabel('项目').click();
    await dialog().getByText('金额必须大于 0').waitFor();
    await e2e.screenshot('ledger-02-validation');

    await dialog().getByLabel('金额').fill('25.5');
    await dialog().getByLabel('分类').fill('餐饮');
    await page.keyboard.press('Escape'); // closes the suggestion list, not the dialog
    await expect(dialog().isVisible()).resolves.toBe(true);
    await dialog().getByLabel('项目').fill('午饭');
    await expect(dialog().getByLabel('时间').inputValue()).resolves.toBe('2026-04-15 10:00');
    await e2e.screenshot('ledger-03-form-filled');
    await dialog().getByLabel('项目').press('Enter');
    await dialog().waitFor({ state: 'hidden' });

    const r = row('午饭');
    await r.waitFor();
    await expect(r.textContent()).resolves.toMatch(/2026-04-15 10:00.*午饭.*餐饮.*¥25\.50/);
    const stored = await e2e.invoke('ledger.list', {});
    expect(stored.entries).toMatchObject([
      {
        amount: 25.5,
        category: '餐饮',
        item: '午饭',
        transaction_date: '2026-04-15T10:00:00+08:00',
      },
    ]);
  });

  it('shows the month total and the category in the chart', async () => {
    await page.getByTestId('ledger-month-summary').getByText('2026年4月 支出').waitFor();
    await chart().locator('svg text', { hasText: '¥25.50' }).first().waitFor();
    await expect(chart().locator('svg text', { hasText: '餐饮' }).count()).resolves.toBeGreaterThan(
      0,
    );
    await chartSettled();
    await e2e.screenshot('ledger-04-added');
  });

  it('edits the amount', async () => {
    await row('午饭').getByRole('button', { name: '编辑' }).click();
    await expect(dialog().getByLabel('金额').inputValue()).resolves.toBe('25.5');
    await dialog().getByLabel('金额').fill('30');
    await e2e.screenshot('ledger-05-edit');
    await dialog()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await dialog().waitFor({ state: 'hidden' });
    await row('¥30.00').waitFor();
    await chart().locator('svg text', { hasText: '¥30.00' }).first().waitFor();
    const stored = await e2e.invoke('ledger.list', {});
    expect(stored.entries.map((e) => [e.item, e.amount])).toEqual([['午饭', 30]]);
  });

  it('deletes and undoes', async () => {
    const id = (await e2e.invoke('ledger.list', {})).entries[0]!.id;
    await row('午饭').getByRole('button', { name: '删除' }).click();
    await page.getByText('已删除「午饭」¥30.00').waitFor();
    // The last entry is gone, so the first-run state comes back with the undo offer on top.
    await page.getByText('还没有任何记录').waitFor();
    await e2e.screenshot('ledger-06-deleted');
    expect((await e2e.invoke('ledger.list', {})).total).toBe(0);

    await page
      .locator('.ant-notification')
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    await row('午饭').waitFor();
    await page.getByText('已恢复「午饭」').waitFor();
    await chartSettled();
    await e2e.screenshot('ledger-07-undone');
    const stored = await e2e.invoke('ledger.list', {});
    expect(stored.entries.map((e) => [e.id, e.item, e.amount])).toEqual([[id, '午饭', 30]]);
  });

  it('keeps the entry after a reload', async () => {
    page = await e2e.reload();
    await row('午饭').waitFor();
    await expect(row('午饭').textContent()).resolves.toContain('¥30.00');
  });

  it('refreshes when the engine changes data, and filters by keyword and category', async () => {
    await e2e.invoke('ledger.create', {
      amount: 4,
      category: '交通',
      item: '地铁',
      transaction_date: '2026-04-14 08:30',
    });
    await row('地铁').waitFor(); // pushed by data.changed, no reload
    await chart().locator('svg text', { hasText: '¥34.00' }).first().waitFor();

    await page.getByLabel('搜索项目').fill('地铁');
    await row('午饭').waitFor({ state: 'detached' });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').count()).resolves.toBe(1);
    await page.getByRole('button', { name: '清除筛选' }).click();
    await row('午饭').waitFor();

    await page.getByLabel('全部分类').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '餐饮' }).click();
    await row('地铁').waitFor({ state: 'detached' });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').count()).resolves.toBe(1);
    await chartSettled();
    await e2e.screenshot('ledger-08-filtered');
    await page.getByRole('button', { name: '清除筛选' }).click();
    await row('地铁').waitFor();
  });

  it('opens the form with N and closes it with Esc', async () => {
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('n');
    await dialog().getByText('记一笔').waitFor();
    // The amount field has focus, ready for typing.
    await page.waitForFunction(
      'document.activeElement && document.activeElement.id === "ledger-entry_amount"',
    );
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('raised no page errors', () => {
    expect(e2e.errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// Quick add in Chromium through the webhost, in the bare layout the tray's
// window uses (#/quickadd/window): type a line, see what was understood, Enter saves.
const NOW = Date.parse('2026-04-15T10:00:00+08:00');
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: NOW });
});
afterAll(async () => {
  await e2e?.close();
});

describe('Quick add', () => {
  it('"咖啡 18" shows a ledger preview and Enter books it', async () => {
    await e2e.page.goto(`${e2e.host.url}#/quickadd/window`);
    const page = e2e.page;
    const input = page.getByLabel('快速记录');
    await input.fill('咖啡 18');
    await page.getByText('咖啡', { exact: true }).waitFor();
    await e2e.screenshot('quickadd-01-ledger-preview');
    await input.press('Enter');
    await page.getByText('已保存').first().waitFor();
    const list = await e2e.invoke('ledger.list', {});
    const rows = JSON.stringify(list);
    expect(rows).toContain('咖啡');
    expect(rows).toMatch(/"amount":18\b/);
    await expect(input.inputValue()).resolves.toBe('');
  });

  it('"明早9点提醒我交报告" becomes a reminder that the Schedule view shows', async () => {
    const page = e2e.page;
    const input = page.getByLabel('快速记录');
    await input.fill('明早9点提醒我交报告');
    await page.getByText('交报告').first().waitFor();
    await e2e.screenshot('quickadd-02-reminder-preview');
    await input.press('Enter');
    await page.getByText('已保存').first().waitFor();

    await e2e.openPage('schedule');
    await page.getByRole('listitem').filter({ hasText: '交报告' }).first().waitFor();
    await e2e.screenshot('quickadd-03-schedule');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// The app frame in Chromium through the webhost: every view of the menu loads
// (no "coming soon" placeholder left), navigation works, and no page errors.
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ timeZone: 'Asia/Shanghai' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('app frame', () => {
  it.each([
    ['chat', '对话'],
    ['ledger', '账本'],
    ['schedule', '提醒'],
    ['memory', '记忆'],
    ['settings', '设置'],
  ])('#/%s opens its view with "%s" selected', async (hash, name) => {
    const page = await e2e.openPage(hash);
    await expect(page.locator('.ant-menu-item-selected').innerText()).resolves.toContain(name);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('即将推出').count()).resolves.toBe(0);
    await e2e.screenshot(`frame-${hash}`);
  });

  it('navigates from the menu and shows no page errors', async () => {
    const page = await e2e.openPage('chat');
    await page.getByRole('menuitem', { name: '设置' }).click();
    await page.waitForURL(/#\/settings$/);
    await page.getByRole('tab').first().waitFor();
    expect(e2e.errors).toEqual([]);
  });
});

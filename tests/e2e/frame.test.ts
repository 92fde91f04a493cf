import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// The app frame in Chromium through the webhost: navigation, and views that are
// not built yet say so plainly.
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
    ['settings', '设置'],
  ])('#/%s says plainly that "%s" is coming', async (hash, name) => {
    const page = await e2e.openPage(hash);
    await expect(page.getByText('即将推出').isVisible()).resolves.toBe(true);
    await page.getByText(`“${name}”还在建设中`).waitFor();
    await e2e.screenshot(`frame-${hash}`);
  });

  it('navigates from the menu and shows no page errors', async () => {
    const page = await e2e.openPage('chat');
    await page.getByRole('menuitem', { name: '设置' }).click();
    await page.waitForURL(/#\/settings$/);
    await page.getByText('“设置”还在建设中').waitFor();
    expect(e2e.errors).toEqual([]);
  });
});

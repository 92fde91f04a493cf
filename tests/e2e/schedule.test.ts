import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';

// The Schedule view in Chromium through the webhost, on a controlled clock:
// the engine's clock and the browser's Date start at NOW and move only when
// the test moves them. (antd puts a space between two CJK characters in a
// button, hence names like /^保\s*存$/.) The reminder loop's timers run in real time, so after
// the clock jumps the loop's periodic check (≤ 30 s) notices and fires.
const NOW = Date.parse('2026-04-15T10:00:00+08:00');
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: NOW });
});
afterAll(async () => {
  await e2e?.close();
});

/** Page errors, less the frame's Suspense fallback warning (App.tsx's Spin `tip`, not this view's). */
function pageErrors(): string {
  return e2e.errors.filter((e) => !/\[antd: Spin\] `tip` is deprecated/.test(e)).join('\n');
}

/** HH:mm of an instant in Asia/Shanghai (+08:00, no DST). */
function clockText(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
}

async function moveClock(to: number): Promise<void> {
  e2e.clock!.set(to);
  await e2e.context.clock.setFixedTime(to);
}

async function fillReminder(
  page: Page,
  content: string,
  time: string,
  repeat?: string,
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('内容').fill(content);
  const picker = dialog.getByLabel('时间');
  await picker.click();
  await picker.fill(time);
  await picker.press('Enter');
  if (repeat) {
    await dialog.getByLabel('重复').click();
    await page.locator('.ant-select-item-option').filter({ hasText: repeat }).click();
  }
}

describe('Schedule view', () => {
  it('creates a reminder a minute ahead, shows the toast when it fires, completes it into Done', async () => {
    const page = await e2e.openPage('schedule');
    await page.getByText('还没有待办提醒').waitFor();
    await e2e.screenshot('schedule-01-empty');

    await page.getByRole('button', { name: '新建提醒' }).first().click();
    await fillReminder(page, '给妈妈打电话', '2026-04-15 10:01');
    await e2e.screenshot('schedule-02-form');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^保\s*存$/ })
      .click();

    const today = page.getByRole('region', { name: '今天' });
    const row = today.getByRole('listitem').filter({ hasText: '给妈妈打电话' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('10:01');
    const [created] = (await e2e.invoke('schedule.list', { tab: 'upcoming' })).items;
    expect(created).toMatchObject({
      content: '给妈妈打电话',
      trigger_time: '2026-04-15T10:01:00+08:00',
      repeat: null,
    });
    await e2e.screenshot('schedule-03-upcoming');

    // One minute passes.
    await moveClock(NOW + 61_000);
    const toast = page
      .locator('.ant-notification-notice')
      .filter({ hasText: '提醒：给妈妈打电话' });
    await toast.waitFor({ timeout: 45_000 });
    await expect(toast.textContent()).resolves.toContain('2026-04-15 10:01');
    await page.getByRole('region', { name: '已到时间' }).getByText('给妈妈打电话').waitFor();
    await e2e.screenshot('schedule-04-toast');

    await toast.getByRole('button', { name: /^完\s*成$/ }).click();
    await toast.waitFor({ state: 'detached' });
    await page.getByText('还没有待办提醒').waitFor();
    await page.getByRole('tab', { name: '已完成' }).click();
    const done = page
      .getByRole('list', { name: '已完成' })
      .getByRole('listitem')
      .filter({ hasText: '给妈妈打电话' });
    await done.waitFor();
    await expect(done.textContent()).resolves.toContain('2026-04-15 10:01');
    expect((await e2e.invoke('schedule.get', { id: created!.id })).status).toBe('EXECUTED');
    await e2e.screenshot('schedule-05-done');
    expect(pageErrors()).toBe('');
  }, 120_000);

  it('creates a weekday reminder, snoozes it, deletes it and undoes the delete', async () => {
    await e2e.openPage('schedule');
    const page = await e2e.reload();
    await page.getByRole('button', { name: '新建提醒' }).first().click();
    await fillReminder(page, '站会', '2026-04-16 09:30', '工作日');
    await e2e.screenshot('schedule-06-form-repeat');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    const row = page
      .getByRole('region', { name: '明天' })
      .getByRole('listitem')
      .filter({ hasText: '站会' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('工作日');

    const snoozeTo = clockText(e2e.clock!.now() + 10 * 60_000);
    await row.getByRole('button', { name: '10 分钟后' }).click();
    const snoozed = page
      .getByRole('region', { name: '今天' })
      .getByRole('listitem')
      .filter({ hasText: '站会' });
    await snoozed.waitFor();
    await expect(snoozed.textContent()).resolves.toContain(`稍后 ${snoozeTo}`);
    await e2e.screenshot('schedule-07-snoozed');

    await snoozed.getByRole('button', { name: '删除' }).click();
    await page.getByText('“站会”已删除。').waitFor();
    await expect(page.getByRole('listitem').filter({ hasText: '站会' }).count()).resolves.toBe(0);
    await e2e.screenshot('schedule-08-deleted');
    await page
      .locator('.ant-notification-notice')
      .getByRole('button', { name: /^撤\s*销$/ })
      .click();
    await page.getByRole('listitem').filter({ hasText: '站会' }).first().waitFor();
    expect(
      (await e2e.invoke('schedule.list', { tab: 'upcoming' })).items.map((i) => i.content),
    ).toEqual(['站会']);
    expect(pageErrors()).toBe('');
  }, 120_000);

  it('shows one summary toast for reminders missed while asleep and lists them under Missed', async () => {
    await e2e.openPage('schedule');
    const page = await e2e.reload();
    await page.getByRole('tab', { name: '已错过' }).waitFor();
    const now = e2e.clock!.now();
    await e2e.invoke('schedule.create', { content: '交水费', trigger_time: '2026-04-15 10:20' });
    await e2e.invoke('schedule.create', { content: '取快递', trigger_time: '2026-04-15 10:30' });
    // The machine sleeps for an hour; the shell reports the wake.
    await moveClock(now + 60 * 60_000);
    e2e.app.services.reminders.resumeFromSleep();
    // Three occurrences passed beyond the grace window: the two above and the snooze of 站会 (test 2).
    const summary = page.locator('.ant-notification-notice').filter({ hasText: '错过了 3 个提醒' });
    await summary.waitFor();
    const text = await summary.textContent();
    for (const line of ['站会', '2026-04-15 10:20 交水费', '2026-04-15 10:30 取快递'])
      expect(text).toContain(line);
    await expect(
      page.locator('.ant-notification-notice').filter({ hasText: '错过了' }).count(),
    ).resolves.toBe(1);
    await e2e.screenshot('schedule-09-missed-toast');
    await page.getByRole('tab', { name: '已错过' }).click();
    await page
      .getByRole('list', { name: '已错过' })
      .getByRole('listitem')
      .filter({ hasText: '取快递' })
      .waitFor();
    await e2e.screenshot('schedule-10-missed-tab');
    expect(pageErrors()).toBe('');
  }, 120_000);
});

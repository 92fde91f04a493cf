import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// The Memory view in Chromium through the webhost, with the real engine and the
// offline embedder: empty state, list by type, recall search, edit, delete with
// undo, learned badge with undo.
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: '2026-04-15T10:00:00+08:00' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('Memory view', () => {
  it('shows an empty state, then memories with type, expiry, source and learned badge', async () => {
    const page = await e2e.openPage('memory');
    await page.getByText('还没有记忆').waitFor();
    await e2e.invoke('memory.create', {
      content: '我对花生过敏',
      memory_type: 'fact',
      importance: 5,
    });
    await e2e.invoke('memory.create', {
      content: '下周三去上海出差',
      memory_type: 'plan',
      ttl_days: 10,
    });
    await e2e.invoke('memory.create', {
      content: '我喜欢无糖乌龙茶',
      memory_type: 'preference',
      key: 'drink_preference',
    });
    e2e.app.services.memory.service.save(
      1,
      { content: '用户不太能吃辣', memory_type: 'preference', origin: 'learned' },
      { actor: 'system', conversationId: 5 },
    );
    await page.reload();
    await page.getByText('我对花生过敏').waitFor();
    await page.getByText('2026-04-25 过期').waitFor();
    await page.getByText('来自对话 #5').waitFor();
    await page.getByText('自动学到').waitFor();
    await e2e.screenshot('memory-01-list');
    await page.getByText('计划 1').click();
    await page.getByText('下周三去上海出差').waitFor();
    await expect(page.getByText('我对花生过敏').count()).resolves.toBe(0);
    await page.getByText('全部 4').click();
    await page.getByText('我对花生过敏').waitFor();
  });

  it('search goes through the recall path', async () => {
    await e2e.app.services.memory.indexer.drain();
    const page = await e2e.openPage('memory');
    const box = page.getByPlaceholder('搜索记忆（与对话时的回忆方式相同）');
    await box.fill('花生能吃吗');
    await box.press('Enter');
    await page
      .getByText(/相关度/)
      .first()
      .waitFor();
    await page.getByText('我对花生过敏').waitFor();
    await expect(page.getByText('下周三去上海出差').count()).resolves.toBe(0);
    await e2e.screenshot('memory-02-search');
  });

  it('edits a memory, deletes it and undoes the delete', async () => {
    const page = await e2e.openPage('memory');
    await e2e.reload(); // clears the search left by the previous test
    const card = page.locator('[data-testid^="memory-"]', { hasText: '我喜欢无糖乌龙茶' });
    await card.getByRole('button', { name: '编辑记忆' }).click();
    const text = page.getByRole('dialog').locator('textarea');
    await text.fill('我喜欢无糖乌龙茶，也喝茉莉花茶');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    const edited = page.locator('[data-testid^="memory-"]', {
      hasText: '我喜欢无糖乌龙茶，也喝茉莉花茶',
    });
    await edited.waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await edited.getByRole('button', { name: '删除这条记忆？' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText(/已删除“我喜欢无糖乌龙茶/).waitFor();
    await expect(edited.count()).resolves.toBe(0);
    await e2e.screenshot('memory-03-deleted');
    await page.locator('.ant-message').getByRole('button', { name: '撤销' }).click();
    await page.getByText('已恢复').waitFor();
    await edited.waitFor();
    const list = await e2e.invoke('memory.list', {});
    expect(list.items.map((i) => i.content)).toContain('我喜欢无糖乌龙茶，也喝茉莉花茶');
  });

  it('takes back a learned memory', async () => {
    const page = await e2e.openPage('memory');
    await e2e.reload();
    const card = page.locator('[data-testid^="memory-"]', { hasText: '用户不太能吃辣' });
    await card.getByRole('button', { name: '撤销学习' }).click();
    await page.getByText('已撤销这条自动学到的记忆').waitFor();
    await expect(card.count()).resolves.toBe(0);
    // The frame's Suspense fallback (App.tsx, not this view) still uses Spin's deprecated `tip`.
    expect(e2e.errors.filter((e) => !e.includes('[antd: Spin] `tip` is deprecated'))).toEqual([]);
  });
});

import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deadPort, ScriptedOpenAI } from '../scripted-openai/server';
import { startE2E, type E2E } from './harness';

// The Chat view in Chromium through the webhost, with the scripted
// OpenAI-compatible server driving the real ChatOpenAI client in the engine.
// Scripted replies are test inputs (what a model might say), never app logic.
// antd puts a space between two CJK characters in a button, hence /^允\s*许$/.
let e2e: E2E;
let server: ScriptedOpenAI;

beforeAll(async () => {
  server = await new ScriptedOpenAI().start();
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: '2026-04-15T12:00:00+08:00' });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  await server?.close();
});

async function configure(baseURL = server.baseURL): Promise<void> {
  await e2e.invoke('providers.update', {
    preset: 'custom',
    baseURL,
    chatModel: 'scripted-model',
    apiKey: 'sk-test',
  });
}

function pageErrors(): string[] {
  // The frame's Suspense fallback warns about Spin `tip` (App.tsx, not this view).
  return e2e.errors.filter((e) => !/\[antd: Spin\] `tip` is deprecated/.test(e));
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: /Enter 发送/ });
  await box.fill(text);
  await box.press('Enter');
}

const thread = (page: Page) => page.getByTestId('thread');
const sendButton = (page: Page) => page.getByRole('button', { name: /发\s*送/ });

/** A small solid-colour PNG (test input for the composer). */
function solidPng(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + w * 3);
  for (let x = 0; x < w; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function entries() {
  return (await e2e.invoke('ledger.list', { limit: 50 })).entries;
}

describe('Chat view', () => {
  it('shows what to configure when no model is set up', async () => {
    const page = await e2e.openPage('chat');
    await page.getByText('还没有配置模型').waitFor();
    await expect(page.getByRole('link', { name: /打开设置/ }).getAttribute('href')).resolves.toBe(
      '#/settings',
    );
    await e2e.screenshot('chat-00-no-provider');
  });

  it('"午饭 32" → ledger_insert → a tool card → the Ledger view shows the row', async () => {
    await configure();
    const page = await e2e.openPage('chat');
    await page.getByText('想让我做点什么？').waitFor();
    await e2e.screenshot('chat-01-empty');
    server.enqueue(
      {
        toolCalls: [
          { name: 'ledger_insert', args: { amount: 32, category: '餐饮', item: '午饭' } },
        ],
      },
      { text: '记好了：**午饭** 32 元。' },
    );
    await send(page, '午饭 32');
    await thread(page).getByText('记好了：').waitFor();
    const card = thread(page).getByTestId('tool-card').filter({ hasText: 'ledger_insert' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('完成');
    await card.getByText('ledger_insert').click();
    await card.getByText('"category": "餐饮"').waitFor();
    await expect(thread(page).locator('strong', { hasText: '午饭' }).count()).resolves.toBe(1);
    await page.getByRole('list', { name: '对话' }).getByText('午饭 32').waitFor();
    await e2e.screenshot('chat-02-tool-card');

    expect(await entries()).toMatchObject([{ amount: 32, category: '餐饮', item: '午饭' }]);
    await e2e.openPage('ledger');
    await page.getByRole('cell', { name: '午饭' }).first().waitFor();
    await e2e.screenshot('chat-03-ledger-row');
  });

  it('"删掉这笔" → approval card → reject: nothing deleted, the model is told; again → approve: deleted', async () => {
    const [entry] = await entries();
    const page = await e2e.openPage('chat');
    await thread(page).getByText('记好了：').waitFor();

    server.enqueue(
      {
        text: '好的，我来删掉。',
        toolCalls: [{ name: 'ledger_delete', args: { ledger_id: entry!.id } }],
      },
      { text: '好的，没有删除。' },
    );
    await send(page, '删掉这笔');
    const approval = page.getByTestId('approval-card');
    await approval.waitFor();
    await expect(approval.textContent()).resolves.toContain(`"ledger_id": ${entry!.id}`);
    await e2e.screenshot('chat-04-approval');
    await approval.getByRole('button', { name: /^拒\s*绝$/ }).click();
    await thread(page).getByText('好的，没有删除。').waitFor();
    await approval.waitFor({ state: 'detached' });
    expect(await entries()).toHaveLength(1);
    const told = server.chatRequests().at(-1)!.body.messages!;
    expect(told.some((m) => m.role === 'tool' && String(m.content).includes('[已跳过]'))).toBe(
      true,
    );
    await thread(page).getByTestId('tool-card').filter({ hasText: '已跳过' }).waitFor();
    await e2e.screenshot('chat-05-rejected');

    server.enqueue(
      { toolCalls: [{ name: 'ledger_delete', args: { ledger_id: entry!.id } }] },
      { text: '已删除这笔。' },
    );
    await send(page, '删掉这笔');
    await approval.waitFor();
    await approval.getByRole('button', { name: /^允\s*许$/ }).click();
    await thread(page).getByText('已删除这笔。').waitFor();
    expect(await entries()).toHaveLength(0);
    await e2e.screenshot('chat-06-approved');
  });

  it('a clarify question answered by clicking an option', async () => {
    const page = e2e.page;
    server.enqueue(
      {
        toolCalls: [
          { name: 'clarify', args: { question: '这笔记到哪个分类？', options: ['餐饮', '交通'] } },
        ],
      },
      { text: '好的，记到交通。' },
    );
    await send(page, '打车 20');
    const clarify = page.getByTestId('clarify-card');
    await clarify.getByText('这笔记到哪个分类？').waitFor();
    await e2e.screenshot('chat-07-clarify');
    await clarify.getByRole('button', { name: /^交\s*通$/ }).click();
    await thread(page).getByText('好的，记到交通。').waitFor();
    const last = server.chatRequests().at(-1)!.body.messages!;
    const answer = last.filter((m) => m.role === 'tool').at(-1);
    expect(String(answer?.content)).toContain('交通');
  });

  it('Stop cancels a turn mid-stream; the view accepts a new message', async () => {
    const page = e2e.page;
    server.enqueue({
      text: '从前有座山，山里有座庙，庙里有个老和尚在讲故事。'.repeat(6),
      chunkSize: 2,
      delayMs: 150,
    });
    await send(page, '讲个长故事');
    await thread(page).getByText('从前有座山').waitFor();
    await page.getByRole('button', { name: /停\s*止/ }).click();
    await sendButton(page).waitFor();
    await thread(page).getByText('已停止').waitFor();
    await e2e.screenshot('chat-08-stopped');

    server.enqueue({ text: '我在。' });
    await send(page, '你还在吗');
    await thread(page).getByText('我在。').waitFor();
  });

  it('the provider down → a clear message', async () => {
    await configure(`http://127.0.0.1:${await deadPort()}/v1`);
    const page = e2e.page;
    await send(page, '你好');
    const alert = thread(page).getByRole('alert');
    await alert.waitFor({ timeout: 90_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('出了点问题');
    expect(text.length).toBeGreaterThan(12);
    await sendButton(page).waitFor();
    await e2e.screenshot('chat-09-provider-down');
    await configure();
  }, 120_000);

  it('an approval pending at shutdown can be answered after a restart', async () => {
    const entry = await e2e.invoke('ledger.create', { amount: 18, category: '交通', item: '地铁' });
    const page = await e2e.openPage('chat');
    await page.getByRole('button', { name: /新对话/ }).click();
    server.enqueue({ toolCalls: [{ name: 'ledger_delete', args: { ledger_id: entry.id } }] });
    await send(page, '删掉地铁那笔');
    await page.getByTestId('approval-card').waitFor();

    await e2e.restart();
    await configure(); // the test engine keeps the API key in memory only
    const again = await e2e.openPage('chat');
    const approval = again.getByTestId('approval-card');
    await approval.waitFor();
    await e2e.screenshot('chat-10-after-restart');
    server.enqueue({ text: '地铁那笔已删除。' });
    await approval.getByRole('button', { name: /^允\s*许$/ }).click();
    await thread(again).getByText('地铁那笔已删除。').waitFor();
    expect((await entries()).find((e) => e.id === entry.id)).toBeUndefined();
    await e2e.screenshot('chat-11-restart-approved');
  });

  it('renders Markdown safely: no raw HTML, no remote image fetched, links open outside with noreferrer', async () => {
    const page = e2e.page;
    await page.getByRole('button', { name: /新对话/ }).click();
    server.enqueue({
      text: '看这里：<img src="https://example.com/x.png" onerror="alert(1)"><b>粗</b>\n\n![远程图](https://example.com/a.png)\n\n[链接](https://example.com/page)',
    });
    await send(page, '给我一张图');
    const link = thread(page).getByRole('link', { name: '链接' });
    await link.waitFor();
    await expect(link.getAttribute('rel')).resolves.toBe('noreferrer noopener');
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await thread(page).getByRole('link', { name: '[远程图]' }).waitFor();
    await expect(thread(page).locator('img').count()).resolves.toBe(0);
    await expect(thread(page).locator('b').count()).resolves.toBe(0);
    await e2e.screenshot('chat-12-markdown');
  });

  it('an image added in the composer goes to the model with the message and stays in the thread', async () => {
    const page = e2e.page;
    const file = page.getByTestId('composer-file');
    await file.setInputFiles({
      name: 'blue.png',
      mimeType: 'image/png',
      buffer: solidPng(48, 48, [40, 90, 220]),
    });
    const list = page.getByLabel('要发送的图片');
    await list.getByRole('img', { name: '图片 1' }).waitFor();
    // A file that is not an image is refused with a clear message and nothing is added.
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await page.getByText('只能添加 PNG、JPEG、GIF 或 WebP 图片').waitFor();
    expect(await list.getByRole('img', { name: /^图片 \d$/ }).count()).toBe(1);
    await e2e.screenshot('chat-12a-image-attached');

    server.enqueue({ text: '这是一张蓝色的图片。' });
    await send(page, '这张图是什么颜色？');
    await thread(page).getByText('这是一张蓝色的图片。').waitFor();
    const user = server
      .chatRequests()
      .at(-1)!
      .body.messages!.filter((m) => m.role === 'user')
      .at(-1)!;
    const parts = user.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'text')?.text).toBe('这张图是什么颜色？');
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(await page.getByLabel('要发送的图片').count()).toBe(0);

    await page.reload();
    const bubble = thread(page)
      .getByTestId('bubble-user')
      .filter({ hasText: '这张图是什么颜色？' });
    await bubble.getByRole('img', { name: '图片 1' }).waitFor();
    await e2e.screenshot('chat-12b-image-in-thread');
  });

  it('renames a conversation inline and deletes one after a confirmation', async () => {
    const page = e2e.page;
    const list = page.getByRole('list', { name: '对话' });
    const row = list.getByRole('listitem').filter({ hasText: '午饭 32' });
    await row.click();
    await row.getByRole('button', { name: '重命名' }).click();
    const input = list.getByRole('textbox', { name: '重命名' });
    await input.fill('午饭记账');
    await input.press('Enter');
    await list.getByText('午饭记账').waitFor();
    const titles = (await e2e.invoke('conversation.list', {})).conversations.map((c) => c.title);
    expect(titles).toContain('午饭记账');

    const renamed = list.getByRole('listitem').filter({ hasText: '午饭记账' });
    await renamed.getByRole('button', { name: '删除' }).click();
    await page.getByText('删除这个对话？').waitFor();
    await e2e.screenshot('chat-13-delete-confirm');
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await renamed.waitFor({ state: 'detached' });
    const after = (await e2e.invoke('conversation.list', {})).conversations.map((c) => c.title);
    expect(after).not.toContain('午饭记账');
    expect(pageErrors()).toEqual([]);
  });
});

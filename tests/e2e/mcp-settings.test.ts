import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ScriptedOpenAI } from '../scripted-openai/server';
import { startHttpMcpPeer, type HttpMcpPeer } from '../peers/mcp-http';
import { startE2E, type E2E } from './harness';

// Settings → "工具与 MCP" in Chromium through the webhost: a person adds the test
// MCP peer (Streamable HTTP on 127.0.0.1, started here) with the form, sees it
// connected and its tools in the catalog, then asks in Chat; the scripted model
// (a test input) calls the peer's read-only echo tool and the tool card shows
// the peer's answer. The peer records the call it received.
let e2e: E2E;
let model: ScriptedOpenAI;
let peer: HttpMcpPeer;

beforeAll(async () => {
  model = await new ScriptedOpenAI().start();
  peer = await startHttpMcpPeer();
  e2e = await startE2E({ timeZone: 'Asia/Shanghai' });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  await peer?.close();
  await model?.close();
});

function pageErrors(): string[] {
  // The frame's Suspense fallback warns about Spin `tip` (App.tsx, not this view).
  return e2e.errors.filter((e) => !/\[antd: Spin\] `tip` is deprecated/.test(e));
}

/** Built-ins come first in the catalog (20 a page): page on until the tool shows. */
async function findInCatalog(page: Page, name: string): Promise<void> {
  const card = page.locator('.ant-card').filter({ hasText: '工具目录' });
  const cell = card.getByRole('cell').getByText(name, { exact: true });
  for (let i = 0; i < 10; i++) {
    if (await cell.isVisible()) return;
    const next = card.locator('.ant-pagination-next');
    if ((await next.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') break;
    await next.click();
  }
  await cell.waitFor({ timeout: 5_000 });
}

describe('Settings → Tools & MCP, then Chat', () => {
  it('adds the HTTP MCP server through the form; it connects and its tools are listed', async () => {
    const page = await e2e.openPage('settings');
    await page.getByRole('tab', { name: '工具与 MCP' }).click();
    await page.getByText('还没有 MCP 服务').waitFor();
    await page.getByRole('button', { name: '添加服务' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').first().fill('peer');
    await dialog.getByText('HTTP (Streamable HTTP)').click();
    await dialog.getByLabel('地址').fill(peer.url);
    await e2e.screenshot('mcp-settings-01-form');
    await dialog.getByRole('button', { name: /^确\s*定$|^OK$/ }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: peer.url });
    await row.getByText('已连接').waitFor({ timeout: 30_000 });
    await row.scrollIntoViewIfNeeded();
    await e2e.screenshot('mcp-settings-02-connected');
    await findInCatalog(page, 'peer__echo');
    const echoRow = page.getByRole('row').filter({ hasText: 'peer__echo' });
    await expect(echoRow.textContent()).resolves.toContain('只读');
    await echoRow.scrollIntoViewIfNeeded();
    await e2e.screenshot('mcp-settings-03-catalog');

    const [server] = await e2e.invoke('mcp.servers.list', {});
    expect(server).toMatchObject({
      name: 'peer',
      transport: 'http',
      status: 'connected',
      last_error: null,
    });
    expect(server!.tool_count).toBeGreaterThan(5);
    const catalog = await e2e.invoke('mcp.tools.list', {});
    expect(catalog.find((t) => t.name === 'peer__echo')).toMatchObject({
      risk: 'read',
      enabled: true,
    });
  }, 90_000);

  it('a question the scripted model answers with peer__echo shows the tool card and its result', async () => {
    await e2e.invoke('providers.update', {
      preset: 'custom',
      baseURL: model.baseURL,
      chatModel: 'scripted-model',
      apiKey: 'sk-test',
    });
    const page = await e2e.openPage('chat');
    await page.getByText('想让我做点什么？').waitFor();
    model.enqueue(
      { toolCalls: [{ name: 'peer__echo', args: { text: '你好 MCP' } }] },
      { text: 'MCP 服务回答了：你好 MCP。' },
    );
    const box = page.getByRole('textbox', { name: /Enter 发送/ });
    await box.fill('让 MCP 服务回声一下“你好 MCP”');
    await box.press('Enter');

    const thread = page.getByTestId('thread');
    await thread.getByText('MCP 服务回答了：').waitFor({ timeout: 60_000 });
    const card = thread.getByTestId('tool-card').filter({ hasText: 'peer__echo' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('完成');
    await card.getByText('peer__echo').click();
    await card.getByText(/echo: 你好 MCP/).waitFor();
    await e2e.screenshot('mcp-settings-04-chat-tool-card');

    // The peer really received the call, and the model saw its (wrapped) answer.
    expect(peer.state.calls).toContain('echo');
    const sent = model.chatRequests().at(-1)!.body.messages!;
    const toolMsg = sent.filter((m) => m.role === 'tool').at(-1);
    expect(String(toolMsg?.content)).toContain('echo: 你好 MCP');
    // The tool was offered to the model under its catalog name.
    const offered = JSON.stringify(model.chatRequests()[0]!.body);
    expect(offered).toContain('peer__echo');
    expect(pageErrors()).toEqual([]);
  }, 90_000);
});

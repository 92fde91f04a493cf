import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { ScriptedOpenAI } from '../scripted-openai/server';

// Settings in Chromium through the webhost: the language switch applies at once
// and survives a reload; provider fields round-trip through providers.get and
// the API key never comes back to the page (checked on the WebSocket itself).
const KEY = 'sk-test-never-shown-1234567890';
let e2e: E2E;
let model: ScriptedOpenAI;
const framesIn: string[] = [];

beforeAll(async () => {
  model = await new ScriptedOpenAI().otherwise(() => ({ text: 'pong' })).start();
  e2e = await startE2E({ timeZone: 'Asia/Shanghai' });
  e2e.page.on('websocket', (ws) => ws.on('framereceived', (f) => framesIn.push(String(f.payload))));
});
afterAll(async () => {
  await e2e?.close();
  await model?.close();
});

function pageErrors(): string {
  return e2e.errors.filter((e) => !/\[antd: Spin\] `tip` is deprecated/.test(e)).join('\n');
}

describe('Settings view', () => {
  it('saves provider fields, keeps the key write-only and tests the connection', async () => {
    const page = await e2e.openPage('settings');
    await page.getByRole('tab', { name: '模型服务' }).click();
    await page.getByLabel('服务地址（Base URL）').fill(model.baseURL);
    await page.getByLabel('对话模型').fill('gpt-test-mini');
    await page.getByLabel('向量模型').fill('embed-test');
    await page.getByLabel('API 密钥').fill(KEY);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('已设置').waitFor();
    await expect(page.getByLabel('API 密钥').inputValue()).resolves.toBe('');

    const state = await e2e.invoke('providers.get', {});
    expect(state).toMatchObject({
      baseURL: model.baseURL,
      chatModel: 'gpt-test-mini',
      embeddingModel: 'embed-test',
      hasKey: true,
      keySource: 'store',
    });
    expect(JSON.stringify(state)).not.toContain(KEY);

    await page.getByRole('button', { name: '测试连接' }).click();
    await page.getByText(/连接成功：gpt-test-mini/).waitFor();
    const sent = model.chatRequests().at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    await e2e.screenshot('settings-01-providers');

    await page.reload();
    await page.getByRole('tab', { name: '模型服务' }).click();
    await expect(page.getByLabel('对话模型').inputValue()).resolves.toBe('gpt-test-mini');
    expect(framesIn.length).toBeGreaterThan(0);
    expect(framesIn.join('\n')).not.toContain(KEY);
  });

  it('says clearly when the connection fails', async () => {
    const page = e2e.page;
    await page.getByLabel('服务地址（Base URL）').fill('http://127.0.0.1:9/v1');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('已保存').first().waitFor();
    await page.getByRole('button', { name: '测试连接' }).click();
    await page.getByText(/连接失败：/).waitFor();
  });

  it('switches the UI to English at once and keeps it after a reload', async () => {
    const page = await e2e.openPage('settings');
    await page.getByRole('tab', { name: '通用' }).click();
    await page.getByLabel('语言').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'General' }).waitFor();
    await expect.poll(async () => (await e2e.invoke('settings.get', {})).locale).toBe('en');
    await e2e.screenshot('settings-02-general-en');

    await e2e.reload();
    await page.getByRole('menuitem', { name: 'Ledger' }).waitFor();
    await page.getByRole('tab', { name: 'Model providers' }).click();
    await page.getByText('Set', { exact: true }).waitFor();
    await e2e.screenshot('settings-03-providers-en');
    expect(pageErrors()).toBe('');
  });

  it('edits categories and the time zone', async () => {
    const page = e2e.page;
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('New category').fill('宠物');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByLabel('Time zone').click();
    await page.keyboard.type('Tokyo');
    await page.locator('.ant-select-item-option').filter({ hasText: 'Asia/Tokyo' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => await e2e.invoke('settings.get', {}))
      .toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect((await e2e.invoke('settings.get', {})).categories).toContain('宠物');
  });

  it('moves the data folder after a confirmation and asks for a restart', async () => {
    const page = e2e.page;
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByText(e2e.dataDir, { exact: true }).waitFor();
    const target = join(mkdtempSync(join(tmpdir(), 'pai-e2e-move-')), 'Pai');
    await page.getByLabel('New data folder').fill(target);
    await page.getByRole('button', { name: 'Move here' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`Set to ${target}. Restart Pai to finish the switch.`).waitFor();
    expect(existsSync(join(target, 'pai.db'))).toBe(true);
    expect(await e2e.invoke('app.dataDir.get', {})).toMatchObject({
      current: e2e.dataDir,
      pointer: target,
    });
    await e2e.screenshot('settings-05-data-folder');
    rmSync(dirname(target), { recursive: true, force: true });
  });

  it('changes a tool approval in the Tools & MCP tab', async () => {
    const page = e2e.page;
    await page.getByRole('tab', { name: 'Tools & MCP' }).click();
    const first = (await e2e.invoke('mcp.tools.list', {}))[0]!;
    await page.getByLabel(`Approval ${first.name}`, { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Always ask' }).click();
    await expect
      .poll(
        async () =>
          (await e2e.invoke('mcp.tools.list', {})).find((t) => t.name === first.name)?.approval,
      )
      .toBe('ask');
    await e2e.screenshot('settings-04-tools');
  });
});

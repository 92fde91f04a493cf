import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';

// The real Electron app (out/main after `npm run build`), driven by Playwright.
// Runs only where the Electron binary is installed; elsewhere it says so plainly.
const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

function electronBinary(): string | null {
  try {
    const pkg = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkg, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const BIN = electronBinary();
const BUILT = existsSync(join(ROOT, 'out/main/index.js'));
if (!BIN) console.log('skipped: Electron binary not installed');
else if (!BUILT) console.log('skipped: run `npm run build` first (out/main/index.js is missing)');

type PaiWindow = {
  pai: { invoke(name: string, input: unknown): Promise<{ ok: boolean; data?: unknown }> };
};

describe.skipIf(!BIN || !BUILT)('Electron app', () => {
  let app: ElectronApplication;
  let main: Page;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pai-electron-'));
    app = await _electron.launch({
      executablePath: BIN!,
      args: [join(ROOT, 'out/main/index.js'), `--user-data-dir=${dir}`],
      env: { ...process.env, PAI_TIMEZONE: 'Asia/Shanghai', ELECTRON_RENDERER_URL: '' },
    });
    // Record native notifications instead of relying on the desktop's notification daemon.
    await app.evaluate(({ Notification }) => {
      const shown: string[] = [];
      (globalThis as unknown as { shown: string[] }).shown = shown;
      const original = Notification.prototype.show;
      Notification.prototype.show = function (this: Electron.Notification) {
        shown.push(this.title);
        original.call(this);
      };
    });
    main = await app.firstWindow();
    await main.getByRole('menu').first().waitFor();
  }, 120_000);

  afterAll(async () => {
    await app?.evaluate(({ app: a }) => a.quit()).catch(() => undefined);
    await app?.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const invoke = (name: string, input: unknown) =>
    main.evaluate(([n, i]) => (globalThis as unknown as PaiWindow).pai.invoke(n, i), [
      name,
      input,
    ] as const);

  it('launches with the main window and keeps running when it is closed', async () => {
    await expect(main.title()).resolves.toBe('Pai');
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
    const visible = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => w.isVisible()),
    );
    expect(visible).toContain(false); // hidden to the tray, not destroyed
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.show());
  });

  it('quick add from the menu opens the small window and saves a ledger entry', async () => {
    const opened = app.waitForEvent('window', (p) => p.url().includes('#/quickadd/window'));
    await app.evaluate(({ Menu }) => {
      const item = Menu.getApplicationMenu()
        ?.items.flatMap((i) => i.submenu?.items ?? [])
        .find((i) => i.label === 'Quick add');
      item?.click();
    });
    const quick = await opened;
    const input = quick.getByLabel('快速记录');
    await input.fill('咖啡 18');
    await quick.getByText('咖啡', { exact: true }).waitFor();
    await input.press('Enter');
    await quick.getByText('已保存').first().waitFor();
    const res = await invoke('ledger.list', {});
    expect(JSON.stringify(res)).toContain('咖啡');
  });

  it('shows a native notification when a reminder comes due', async () => {
    const at = new Date(Date.now() + 3_000).toISOString();
    const res = await invoke('schedule.create', { content: '喝水', trigger_time: at });
    expect(res.ok).toBe(true);
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { shown: string[] }).shown), {
        timeout: 60_000,
      })
      .toContainEqual(expect.stringContaining('喝水'));
  });

  it('settings round-trip: language and provider fields, key never returned', async () => {
    await invoke('settings.update', { locale: 'en' });
    await main.reload();
    await main.getByRole('menuitem', { name: 'Settings' }).waitFor();
    const r = await invoke('providers.update', {
      chatModel: 'gpt-e2e',
      apiKey: 'sk-electron-secret',
    });
    expect(JSON.stringify(r)).not.toContain('sk-electron-secret');
    const state = (await invoke('providers.get', {})) as { data: { chatModel: string } };
    expect(state.data.chatModel).toBe('gpt-e2e');
    // Stored only encrypted (or refused on a basic_text keyring): never in plain text in the data folder.
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    for (const f of files) {
      const p = join(dir, f);
      if (statSync(p).isFile()) expect(readFileSync(p).includes('sk-electron-secret')).toBe(false);
    }
  });
});

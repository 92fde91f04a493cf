/**
 * End-to-end harness: the real engine (temp SQLite folder) behind the webhost,
 * driven by Debian's Chromium through playwright-core. Reuse it for any view.
 *
 *   import { startE2E, type E2E } from './harness';
 *   let e2e: E2E;
 *   beforeAll(async () => { e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: '2026-04-15T10:00:00+08:00' }); });
 *   afterAll(async () => { await e2e?.close(); });
 *   it('...', async () => {
 *     const page = await e2e.openPage('ledger');          // loads http://127.0.0.1:PORT/?token=…#/ledger
 *     await page.getByRole('button', { name: '记一笔' }).click();
 *     await e2e.screenshot('ledger-01-form');              // → test-results/screens/ledger-01-form.png
 *     await e2e.invoke('ledger.create', { amount: 3 });    // seed or check data through the contract
 *     expect(e2e.errors).toEqual([]);                      // uncaught page errors + console.error
 *   });
 *
 * startE2E(options?)
 *   timeZone  IANA zone of the person (engine setting AND the browser's zone). Default 'Asia/Shanghai'.
 *   locale    'zh-CN' (default) or 'en': engine setting and browser locale.
 *   now       ISO text or epoch ms: both the engine clock (e2e.clock) and the browser's clock
 *             (context.clock.install) start at this instant and then run at real speed.
 *             Absent: real time for both.
 *   viewport  default 1280×800.
 * E2E
 *   app, host (url/token/port), dataDir, context, page, clock (set/advance the engine clock
 *   only — move the browser with context.clock.setSystemTime / fastForward yourself)
 *   openPage(hash?)   navigate the page to the app at '#/<hash>' and wait for the frame
 *   reload()          reload the page and wait for the frame
 *   screenshot(name)  full-page PNG in test-results/screens/<name>.png, returns its path
 *   invoke(op, input) call the engine through the same dispatcher (throws on an error result)
 *   restart()         close the engine and webhost, open a new engine on the same data folder and a
 *                     new webhost (new port and token: e2e.app and e2e.host change); then openPage()
 *   errors            page errors and console errors seen so far (strings)
 *   close()           browser, webhost, engine, temp folders
 *
 * It builds the renderer (vite.web.config.ts → dist-web/) when dist-web is missing or older
 * than a file under src/renderer or src/shared, once per test process. Chromium comes from
 * PAI_CHROMIUM or /usr/bin/chromium (apt-get install -y chromium); never `playwright install`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createApp, type PaiApp } from '../../src/core/app';
import type { Clock } from '../../src/core/clock';
import type { Locale, OpInput, OpName, OpOutput } from '../../src/shared/contract';
import { startWebhost, type Webhost } from '../../src/webhost/server';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const DIST_WEB = join(ROOT, 'dist-web');
export const SCREEN_DIR = join(ROOT, 'test-results', 'screens');
export const CHROMIUM_PATH = process.env.PAI_CHROMIUM || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2EOptions {
  timeZone?: string;
  locale?: Locale;
  now?: string | number;
  viewport?: { width: number; height: number };
}

export interface FakeClock extends Clock {
  set(time: string | number): void;
  advance(ms: number): void;
}

export interface E2E {
  app: PaiApp;
  host: Webhost;
  dataDir: string;
  context: BrowserContext;
  page: Page;
  clock: FakeClock | null;
  errors: string[];
  openPage(hash?: string): Promise<Page>;
  reload(): Promise<Page>;
  screenshot(name: string): Promise<string>;
  invoke<K extends OpName>(name: K, input: OpInput<K>): Promise<OpOutput<K>>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

let builtThisRun = false;

/** Builds dist-web/ if it is missing or older than the renderer sources (once per process). */
export function ensureWebBuild(): void {
  if (builtThisRun) return;
  const index = join(DIST_WEB, 'index.html');
  const stale =
    !existsSync(index) ||
    statSync(index).mtimeMs <
      Math.max(newestMtime(join(ROOT, 'src/renderer')), newestMtime(join(ROOT, 'src/shared')));
  if (stale) {
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'vite.web.config.ts',
        '--logLevel',
        'warn',
      ],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  }
  builtThisRun = true;
}

function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The e2e tests need Debian's chromium: ` +
        '`apt-get install -y chromium` (or set PAI_CHROMIUM to its path). Do not use `npx playwright install`.',
    );
  }
}

/** Starts at `start` and then runs at real speed, like the browser clock that clock.install gives. */
function fakeClock(start: string | number): FakeClock {
  const toMs = (t: string | number) => (typeof t === 'number' ? t : Date.parse(t));
  const first = toMs(start);
  if (Number.isNaN(first)) throw new Error(`startE2E: cannot read now=${String(start)}`);
  let offset = first - Date.now();
  return {
    now: () => Date.now() + offset,
    set: (t) => {
      offset = toMs(t) - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  assertChromium();
  ensureWebBuild();
  const timeZone = options.timeZone ?? 'Asia/Shanghai';
  const locale = options.locale ?? 'zh-CN';
  const tmp = mkdtempSync(join(tmpdir(), 'pai-e2e-'));
  const dataDir = join(tmp, 'data');
  const profileDir = join(tmp, 'chromium-profile');
  mkdirSync(dataDir);
  const clock = options.now === undefined ? null : fakeClock(options.now);

  const cleanups: (() => Promise<void> | void)[] = [
    () => rmSync(tmp, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        await c();
      } catch (e) {
        console.error('[e2e] cleanup failed:', e);
      }
    }
  };

  try {
    const openEngine = async () => {
      const app = createApp({ dataDir, timeZone, locale, ...(clock ? { clock } : {}) });
      await app.start();
      return { app, host: await startWebhost({ app, staticDir: DIST_WEB }) };
    };
    // The engine in use now; restart() swaps it, so cleanups close whichever is current.
    const engine: { app: PaiApp | null; host: Webhost | null } = { app: null, host: null };
    const closeEngine = async () => {
      const { app, host } = engine;
      engine.app = null;
      engine.host = null;
      await host?.close();
      await app?.close();
    };
    cleanups.push(closeEngine);
    const { app, host } = await openEngine();
    Object.assign(engine, { app, host });

    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      timezoneId: timeZone,
      locale,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      deviceScaleFactor: 1,
    });
    cleanups.push(() => context.close());
    if (options.now !== undefined) await context.clock.install({ time: options.now });
    const page = context.pages()[0] ?? (await context.newPage());

    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });

    const waitForFrame = async () => {
      await page.getByRole('menu').first().waitFor({ state: 'visible', timeout: 30_000 });
      return page;
    };

    const e2e: E2E = {
      app,
      host,
      dataDir,
      context,
      page,
      clock,
      errors,
      async openPage(hash = '') {
        await page.goto(`${e2e.host.url}#/${hash.replace(/^#?\/?/, '')}`);
        return waitForFrame();
      },
      async reload() {
        await page.reload();
        return waitForFrame();
      },
      async screenshot(name) {
        mkdirSync(SCREEN_DIR, { recursive: true });
        const path = join(SCREEN_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
        return path;
      },
      async invoke(name, input) {
        const res = await e2e.app.dispatch(name, input);
        if (!res.ok) throw new Error(`${name} failed: ${res.error.code} ${res.error.message}`);
        return res.data as OpOutput<typeof name>;
      },
      async restart() {
        await closeEngine();
        const next = await openEngine();
        Object.assign(engine, next);
        e2e.app = next.app;
        e2e.host = next.host;
      },
      close,
    };
    return e2e;
  } catch (e) {
    await close();
    throw e;
  }
}

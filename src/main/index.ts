// Electron entry: one instance, the engine in the user-data folder, the main
// window, the tray and its quick-add window. Closing the window keeps Pai in
// the tray so reminders keep firing; quitting is explicit (tray or menu).
// Everything of substance lives in src/core; this file only wires lifecycles.
import { app, globalShortcut, type BrowserWindow } from 'electron';
import { createApp, type PaiApp } from '../core/app';
import { resolveDataDir } from '../core/datadir';
import { installSessionPolicy } from './csp';
import { bindIpc } from './ipc';
import { installAppMenu } from './menu';
import { bindReminderNotifications, bindResumeFromSleep } from './notifications';
import { rendererSource } from './origin';
import { createSecretStore } from './safe-secret-store';
import { createTray, NotificationPause } from './tray';
import { createMainWindow, createQuickAddWindow } from './window';
import { loadBounds, trackBounds } from './window-state';

const QUICK_ADD_SHORTCUT = 'CommandOrControl+Shift+Space';

let pai: PaiApp | null = null;
let mainWindow: BrowserWindow | null = null;
let quickWindow: BrowserWindow | null = null;
let quitting = false;
const unbinders: (() => void)[] = [];
const pause = new NotificationPause();

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    const dir = app.getPath('userData');
    const win = createMainWindow(rendererSource(), loadBounds(dir));
    trackBounds(win, dir);
    // Close hides to the tray; only an explicit quit really closes.
    win.on('close', (event) => {
      if (quitting) return;
      event.preventDefault();
      win.hide();
    });
    win.on('closed', () => {
      mainWindow = null;
    });
    mainWindow = win;
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function showQuickAdd(): void {
  if (!quickWindow || quickWindow.isDestroyed()) {
    quickWindow = createQuickAddWindow(rendererSource());
    quickWindow.on('closed', () => {
      quickWindow = null;
    });
    return;
  }
  quickWindow.show();
  quickWindow.focus();
}

function quit(): void {
  quitting = true;
  app.quit();
}

async function boot(): Promise<void> {
  const source = rendererSource();
  installSessionPolicy(source);
  // userData holds the pointer; the data itself may live in a folder the person chose.
  const bootstrapDir = app.getPath('userData');
  const dataDir = resolveDataDir(bootstrapDir);
  pai = createApp({
    dataDir,
    bootstrapDir,
    version: app.getVersion(),
    background: true,
    secrets: createSecretStore(dataDir),
  });
  await pai.start();
  const engine = pai;
  unbinders.push(bindIpc(engine, source));
  unbinders.push(
    bindReminderNotifications(
      engine,
      () => (showWindow(), mainWindow),
      () => pause.pausedUntil() !== null,
    ),
  );
  unbinders.push(bindResumeFromSleep(engine));
  const tray = createTray(engine, { open: showWindow, quickAdd: showQuickAdd, quit }, pause);
  unbinders.push(tray.destroy);
  installAppMenu({ quickAdd: showQuickAdd, quit });
  if (!globalShortcut.register(QUICK_ADD_SHORTCUT, showQuickAdd)) {
    console.warn(
      `[shortcut] ${QUICK_ADD_SHORTCUT} is taken by another program; quick add stays in the tray menu.`,
    );
  }
  unbinders.push(() => globalShortcut.unregisterAll());
  showWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.on('activate', () => {
    if (pai) showWindow();
  });
  // Windows closing does not end Pai: the tray and the reminder loop stay.
  app.on('window-all-closed', () => undefined);
  let closed = false;
  app.on('before-quit', (event) => {
    quitting = true;
    if (closed || !pai) return;
    // Close the database cleanly (WAL checkpoint) before the process ends.
    event.preventDefault();
    closed = true;
    for (const off of unbinders.splice(0).reverse()) off();
    const closing = pai;
    pai = null;
    void closing.close().finally(() => app.quit());
  });
  app.whenReady().then(boot, (e: unknown) => {
    console.error('Pai failed to start:', e);
    app.exit(1);
  });
}

// Electron entry: one instance, the engine in the user-data folder, one window.
// Everything of substance lives in src/core; this file only wires lifecycles.
import { app, BrowserWindow } from 'electron';
import { createApp, type PaiApp } from '../core/app';
import { installSessionPolicy } from './csp';
import { bindIpc } from './ipc';
import { rendererSource } from './origin';
import { createMainWindow } from './window';

let pai: PaiApp | null = null;
let unbindIpc: (() => void) | null = null;
let mainWindow: BrowserWindow | null = null;

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow(rendererSource());
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

async function boot(): Promise<void> {
  const source = rendererSource();
  installSessionPolicy(source);
  pai = createApp({
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    background: true,
  });
  await pai.start();
  unbindIpc = bindIpc(pai, source);
  showWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.on('activate', () => {
    if (pai) showWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !pai) return;
    // Close the database cleanly (WAL checkpoint) before the process ends.
    event.preventDefault();
    quitting = true;
    unbindIpc?.();
    const closing = pai;
    pai = null;
    void closing.close().finally(() => app.quit());
  });
  app.whenReady().then(boot, (e: unknown) => {
    console.error('Pai failed to start:', e);
    app.exit(1);
  });
}

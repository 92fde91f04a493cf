import { BrowserWindow, shell } from 'electron';
import { preloadPath, type RendererSource } from './origin';

function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

/** The one app window: isolated, sandboxed, no Node, and it cannot navigate away or open windows. */
export function createMainWindow(source: RendererSource): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Pai',
    webPreferences: {
      preload: preloadPath(),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would otherwise open links in new windows, around setWindowOpenHandler's intent.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const wc = win.webContents;
  wc.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  const guard = (event: Electron.Event, url: string) => {
    if (source.isAppUrl(url)) return;
    event.preventDefault();
    openExternally(url);
  };
  wc.on('will-navigate', guard);
  wc.on('will-redirect', guard);
  wc.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadURL(source.url);
  return win;
}

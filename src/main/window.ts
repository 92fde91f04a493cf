import { BrowserWindow, shell } from 'electron';
import { preloadPath, type RendererSource } from './origin';

function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

/** A window of the app that cannot navigate away or open windows; loads `hash` of the renderer. */
function createAppWindow(
  source: RendererSource,
  options: Electron.BrowserWindowConstructorOptions,
  hash = '',
): BrowserWindow {
  // Isolated, sandboxed, no Node: the same for every window (kept literal so scanners can see it).
  const win = new BrowserWindow({
    ...options,
    show: false,
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
  void win.loadURL(hash ? `${source.url}#/${hash}` : source.url);
  return win;
}

/** The main window, at the bounds it had last time. */
export function createMainWindow(
  source: RendererSource,
  bounds?: Partial<Electron.Rectangle>,
): BrowserWindow {
  return createAppWindow(source, {
    width: 1200,
    height: 800,
    ...bounds,
    minWidth: 800,
    minHeight: 560,
    title: 'Pai',
  });
}

/** The tray's one-line quick-add window: small, frameless, always on top. */
export function createQuickAddWindow(source: RendererSource): BrowserWindow {
  const win = createAppWindow(
    source,
    {
      width: 560,
      height: 360,
      frame: false,
      resizable: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      title: 'Pai',
    },
    'quickadd/window',
  );
  // Like a launcher: it goes away when focus moves elsewhere.
  win.on('blur', () => {
    if (!win.isDestroyed()) win.hide();
  });
  return win;
}

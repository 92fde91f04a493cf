import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Where the renderer comes from: the electron-vite dev server, or the packaged index.html. */
export interface RendererSource {
  /** What the window loads. */
  url: string;
  /** True when a URL belongs to the app (its own pages, any hash). */
  isAppUrl(url: string): boolean;
  /** Dev server origin, when there is one (the CSP must allow its HMR socket). */
  devOrigin: string | null;
}

export function rendererSource(): RendererSource {
  const dev = process.env.ELECTRON_RENDERER_URL;
  if (dev) {
    const origin = new URL(dev).origin;
    return {
      url: dev,
      devOrigin: origin,
      isAppUrl: (u) => {
        try {
          return new URL(u).origin === origin;
        } catch {
          return false;
        }
      },
    };
  }
  const index = resolve(join(here, '../renderer/index.html'));
  return {
    url: pathToFileURL(index).href,
    devOrigin: null,
    // file:// pages share one opaque origin, so compare the exact file instead.
    isAppUrl: (u) => {
      try {
        const parsed = new URL(u);
        return parsed.protocol === 'file:' && resolve(fileURLToPath(parsed)) === index;
      } catch {
        return false;
      }
    },
  };
}

export function preloadPath(): string {
  return resolve(join(here, '../preload/index.cjs'));
}

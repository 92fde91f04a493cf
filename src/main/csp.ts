import { session } from 'electron';
import type { RendererSource } from './origin';

/** The renderer's policy, sent as a header too so it holds even if the page's meta tag changes. */
export function contentSecurityPolicy(source: RendererSource): string {
  const dev = source.devOrigin;
  // Vite's dev server needs its HMR socket and the React refresh preamble.
  const devConnect = dev ? ` ${dev} ${dev.replace(/^http/, 'ws')}` : '';
  const devScript = dev ? ` ${dev} 'unsafe-inline'` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${devScript}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: pai-file:",
    `connect-src 'self'${devConnect}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function installSessionPolicy(source: RendererSource): void {
  const csp = contentSecurityPolicy(source);
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [csp],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
  // The app asks for no browser permissions (camera, geolocation, ...); notifications come from main.
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

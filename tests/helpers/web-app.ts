// Shared by the web and injection tests: a test app beside the local web peer (and, when asked,
// the HTTP MCP peer), opened once per describe block and closed after it.
import { afterAll, beforeAll } from 'vitest';
import { startHttpMcpPeer, type HttpMcpPeer } from '../peers/mcp-http';
import { startWebPeer, type WebPeer } from '../peers/web-peer';
import { makeTestApp, type TestApp } from './mcp-app';

/** What the running block sees (read it inside a test or hook). */
export interface WebTestApp {
  readonly t: TestApp;
  readonly web: WebPeer;
  /** Only with `mcp: true`. */
  readonly mcp: HttpMcpPeer;
}

/**
 * Registers beforeAll/afterAll in the enclosing describe block: makeTestApp(), the web peer and,
 * with `mcp: true`, the HTTP MCP peer; `setup` runs once they are all up.
 */
export function useWebTestApp(
  opts: { mcp?: boolean; setup?: (w: WebTestApp) => Promise<unknown> } = {},
): WebTestApp {
  let t: TestApp | undefined;
  let web: WebPeer | undefined;
  let mcp: HttpMcpPeer | undefined;
  const running = <T>(v: T | undefined, name: string): T => {
    if (v === undefined) throw new Error(`useWebTestApp: ${name} is not open here`);
    return v;
  };
  const w: WebTestApp = {
    get t() {
      return running(t, 't');
    },
    get web() {
      return running(web, 'web');
    },
    get mcp() {
      return running(mcp, 'mcp (pass mcp: true)');
    },
  };
  beforeAll(async () => {
    t = makeTestApp();
    web = await startWebPeer();
    if (opts.mcp) mcp = await startHttpMcpPeer();
    await opts.setup?.(w);
  });
  afterAll(async () => {
    await t?.close();
    await web?.close();
    await mcp?.close();
  });
  return w;
}

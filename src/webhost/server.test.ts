import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp, type PaiApp } from '../core/app';
import type { WsServerMessage } from '../shared/transport';
import { startWebhost, type Webhost } from './server';

let dir: string;
let app: PaiApp;
let host: Webhost;

function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const origin = () => `http://127.0.0.1:${host.port}`;

/** Opens a socket; resolves with it when open, rejects with the HTTP status when refused. */
function connect(token: string | null, wsOrigin: string | null = origin()): Promise<WebSocket> {
  const q = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(
    `ws://127.0.0.1:${host.port}/ws${q}`,
    wsOrigin ? { origin: wsOrigin } : {},
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Collects server messages so tests can wait for one that matches. */
function inbox(ws: WebSocket) {
  const seen: WsServerMessage[] = [];
  const waiters: {
    pred: (m: WsServerMessage) => boolean;
    resolve: (m: WsServerMessage) => void;
  }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as WsServerMessage;
    seen.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  return {
    seen,
    next(pred: (m: WsServerMessage) => boolean): Promise<WsServerMessage> {
      const hit = seen.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error('no matching message within 5 s')), 5000);
      });
    },
  };
}

const resultOf = (id: number) => (m: WsServerMessage) => m.type === 'result' && m.id === id;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pai-webhost-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Pai</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
  app = createApp({ dataDir: join(dir, 'data'), timeZone: 'Asia/Shanghai' });
  await app.start();
  host = await startWebhost({ app, staticDir: web });
});

afterAll(async () => {
  await host?.close();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('webhost static files', () => {
  it('listens on loopback and prints a URL carrying the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
  });

  it('serves index.html and assets with their content types and a CSP', async () => {
    const index = await raw('/?token=x');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect(index.body).toContain('<title>Pai</title>');
    const js = await raw('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw('/assets/missing.js')).status).toBe(404);
    expect((await raw('/assets')).status).toBe(404); // no directory listing
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00index.html',
    '/%E0%A4%A',
  ])('refuses traversal %s', async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('TOP SECRET');
  });

  it('refuses other methods and foreign Host headers (DNS rebinding)', async () => {
    expect((await raw('/', {}, 'POST')).status).toBe(405);
    expect((await raw('/', { Host: 'evil.example:80' })).status).toBe(421);
  });
});

describe('webhost WebSocket', () => {
  it('refuses a missing, wrong or truncated token and a foreign origin', async () => {
    await expect(connect(null)).rejects.toThrow('HTTP 401');
    await expect(connect('wrong')).rejects.toThrow('HTTP 401');
    await expect(connect(host.token.slice(0, -1))).rejects.toThrow('HTTP 401');
    await expect(connect(host.token, 'http://evil.example')).rejects.toThrow('HTTP 403');
    await expect(connect(host.token, null)).rejects.toThrow('HTTP 403');
  });

  it('answers malformed messages with VALIDATION_FAILED and leaves the data as it was', async () => {
    const ws = await connect(host.token);
    const box = inbox(ws);
    ws.send('not json');
    const r0 = await box.next(resultOf(0));
    expect(r0).toMatchObject({ result: { ok: false, error: { code: 'VALIDATION_FAILED' } } });
    ws.send(JSON.stringify({ type: 'subscribe', id: 7 }));
    expect(await box.next(resultOf(7))).toMatchObject({
      result: { ok: false, error: { code: 'VALIDATION_FAILED' } },
    });
    ws.send(
      JSON.stringify({ type: 'invoke', id: 8, name: 'ledger.create', input: { amount: 'abc' } }),
    );
    const r8 = await box.next(resultOf(8));
    expect(r8).toMatchObject({ result: { ok: false, error: { code: 'VALIDATION_FAILED' } } });
    ws.send(JSON.stringify({ type: 'invoke', id: 9, name: 'ledger.nope', input: {} }));
    expect(await box.next(resultOf(9))).toMatchObject({
      result: { ok: false, error: { code: 'UNKNOWN_OPERATION' } },
    });
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    ws.send(JSON.stringify({ type: 'invoke', id: 10, name: 'ledger.list', input: {} }));
    const list = await box.next(resultOf(10));
    expect(list).toMatchObject({ result: { ok: true, data: { total: 0 } } });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('dispatches operations and forwards engine events to every page', async () => {
    const a = await connect(host.token);
    const b = await connect(host.token);
    const boxA = inbox(a);
    const boxB = inbox(b);
    a.send(
      JSON.stringify({
        type: 'invoke',
        id: 1,
        name: 'ledger.create',
        input: {
          amount: 12.5,
          item: '午饭',
          category: '餐饮',
          transaction_date: '2026-04-06 12:30',
        },
      }),
    );
    const created = await boxA.next(resultOf(1));
    expect(created).toMatchObject({
      result: {
        ok: true,
        data: { amount: 12.5, item: '午饭', transaction_date: '2026-04-06T12:30:00+08:00' },
      },
    });
    const id = (created as { result: { data: { id: number } } }).result.data.id;
    const isChange = (m: WsServerMessage) => m.type === 'event' && m.name === 'data.changed';
    expect(await boxB.next(isChange)).toEqual({
      type: 'event',
      name: 'data.changed',
      payload: { domain: 'ledger', ids: [id] },
    });
    expect(await boxA.next(isChange)).toMatchObject({ payload: { domain: 'ledger' } });
    a.close();
    b.close();
  });

  it('close() ends open sockets', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'pai-webhost-close-'));
    const app2 = createApp({ dataDir: dir2, timeZone: 'UTC' });
    const h2 = await startWebhost({ app: app2, staticDir: dir2 });
    const ws = new WebSocket(`ws://127.0.0.1:${h2.port}/ws?token=${h2.token}`, {
      origin: `http://127.0.0.1:${h2.port}`,
    });
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise((r) => ws.once('close', r));
    await h2.close();
    await closed;
    await app2.close();
    rmSync(dir2, { recursive: true, force: true });
  });
});

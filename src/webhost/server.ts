import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isOwnOrigin, newToken, ownHosts, tokenMatches } from './auth';
import { bindSocket } from './socket';
import { serveStatic } from './static';
import type { Webhost, WebhostOptions } from './types';

export type { Webhost, WebhostApp, WebhostOptions } from './types';

const HOST = '127.0.0.1';
const WS_PATH = '/ws';

function reject(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Serves the built renderer and the engine's contract over a WebSocket, on the
 * loopback interface only. A page must present the per-run token and come from
 * this server's own origin before it may call anything.
 */
export async function startWebhost(opts: WebhostOptions): Promise<Webhost> {
  const token = newToken();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxPayload ?? 32 * 1024 * 1024,
  });
  const sockets = new Set<WebSocket>();
  let port = 0;

  const hostAllowed = (req: IncomingMessage): boolean =>
    ownHosts(port).includes(req.headers.host ?? '');

  const server = createServer((req, res) => {
    if (!hostAllowed(req)) {
      res
        .writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Misdirected request');
      return;
    }
    serveStatic(req, res, opts.staticDir).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (url.pathname !== WS_PATH) return reject(socket, 404, 'Not Found');
    if (!hostAllowed(req) || !isOwnOrigin(req.headers.origin, port))
      return reject(socket, 403, 'Forbidden');
    if (!tokenMatches(token, url.searchParams.get('token')))
      return reject(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => ws.terminate());
      bindSocket(ws, opts.app);
    });
  });

  const unsubscribe = opts.app.ctx.events.onAny((name, payload) => {
    const text = JSON.stringify({ type: 'event', name, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(opts.port ?? 0, HOST, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;

  let closed = false;
  return {
    url: `http://${HOST}:${port}/?token=${token}`,
    token,
    port,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

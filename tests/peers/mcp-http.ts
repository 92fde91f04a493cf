// Test MCP peer over Streamable HTTP on 127.0.0.1 (stateless: one server per request).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildPeerServer, newPeerState, type PeerState } from './mcp-peer-tools';

export interface HttpMcpPeer {
  url: string;
  state: PeerState;
  /** Requests seen, with their Authorization header. */
  auth: string[];
  close(): Promise<void>;
}

export async function startHttpMcpPeer(opts: { token?: string } = {}): Promise<HttpMcpPeer> {
  const state = newPeerState();
  const auth: string[] = [];
  const http: Server = createServer((req, res) => {
    auth.push(String(req.headers.authorization ?? ''));
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const server = buildPeerServer(state, { canCrash: false });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    state,
    auth,
    close: () => new Promise((r) => http.close(() => r())),
  };
}

// MCP and web figures: connect+list over stdio and HTTP, tool-call latency,
// web_search over local peers. A bench suite (`export run()`, one line
// `mcp: () => import('./mcp')` in bench/run.ts's SUITES); run alone with
// `npx tsx bench/mcp.ts`, which prints and writes bench/results/mcp.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { makeTestApp, STDIO_PEER } from '../tests/helpers/mcp-app';
import { startHttpMcpPeer } from '../tests/peers/mcp-http';
import { startWebPeer } from '../tests/peers/web-peer';

const ms = (t0: number) => Math.round((performance.now() - t0) * 100) / 100;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) =>
    Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 100) / 100;
  return {
    n: s.length,
    p50_ms: q(0.5),
    p95_ms: q(0.95),
    mean_ms: Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 100) / 100,
  };
};

export async function run(): Promise<Record<string, unknown>> {
  const t = makeTestApp();
  const http = await startHttpMcpPeer();
  const web = await startWebPeer();
  const out: Record<string, unknown> = { node: process.version, at: new Date().toISOString() };
  try {
    let t0 = performance.now();
    const s = await t.call('mcp.servers.add', { name: 'peer', ...STDIO_PEER });
    await t.call('mcp.servers.test', { id: s.id });
    out.stdio_connect_and_list_ms = ms(t0);
    t0 = performance.now();
    const h = await t.call('mcp.servers.add', { name: 'remote', transport: 'http', url: http.url });
    await t.call('mcp.servers.test', { id: h.id });
    out.http_connect_and_list_ms = ms(t0);

    const calls = async (name: string) => {
      const xs: number[] = [];
      for (let i = 0; i < 100; i++) {
        const r = await t.app.ctx.tools.execute(
          name,
          { text: `x${i}` },
          t.ctx({ turn: undefined }),
        );
        if (!r.ok) throw new Error(r.output);
        xs.push(r.latency_ms);
      }
      return stats(xs);
    };
    out.stdio_tool_call = await calls('peer__echo');
    out.http_tool_call = await calls('remote__echo');

    t0 = performance.now();
    for (let i = 0; i < 100; i++) await t.call('mcp.tools.list', {});
    out.catalog_cached_list_ms_per_call = ms(t0) / 100;
    t0 = performance.now();
    await t.call('mcp.tools.list', { refresh: true });
    out.catalog_refresh_two_servers_ms = ms(t0);

    await t.call('web.settings.update', {
      search_provider: 'searxng',
      search_url: web.base,
      fetch_allow_hosts: ['127.0.0.1'],
    });
    const ws: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await t.app.ctx.tools.execute('web_search', { query: `q${i}` }, t.ctx());
      ws.push(r.latency_ms);
    }
    out.web_search_local_search_plus_two_crawls = stats(ws);
  } finally {
    await t.close();
    await http.close();
    await web.close();
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void run().then((out) => {
    console.log(JSON.stringify(out, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/mcp.json', JSON.stringify(out, null, 2));
  });
}

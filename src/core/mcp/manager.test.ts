import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestApp, STDIO_PEER, type TestApp } from '../../../tests/helpers/mcp-app';
import { startHttpMcpPeer, type HttpMcpPeer } from '../../../tests/peers/mcp-http';

const usage = (t: TestApp) =>
  t.app.ctx.db
    .prepare('SELECT tool_source, tool_name, success, error FROM tool_usage ORDER BY id')
    .all() as {
    tool_source: string;
    tool_name: string;
    success: number;
    error: string | null;
  }[];

describe('MCP servers over stdio (real SDK peer)', () => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = makeTestApp();
    const v = await t.call('mcp.servers.add', {
      name: 'peer',
      ...STDIO_PEER,
      env: { PEER_TOKEN: 'sekret-token-123', PEER_REQUIRE_ENV: 'sekret-token-123' },
    });
    id = v.id;
  });
  afterAll(async () => t.close());

  it('discovers the tools, names them server__tool and takes risk from annotations', async () => {
    const cat = await t.call('mcp.tools.list', {});
    const mcp = cat.filter((e) => e.server === 'peer');
    const by = (n: string) => mcp.find((e) => e.name === n);
    expect(by('peer__echo')).toMatchObject({
      source: 'mcp',
      raw_name: 'echo',
      risk: 'read',
      enabled: true,
      allowed: true,
      held: false,
    });
    expect(by('peer__notes_delete')?.risk).toBe('destructive');
    expect(by('peer__add_note')?.risk).toBe('destructive'); // no annotations → needs approval
    expect(t.app.ctx.tools.get('peer__echo')).toMatchObject({
      source: 'mcp',
      limit: 'external',
      mainAgent: true,
    });
    // Built-ins are in the same catalog; the hidden ones are not for main_agent.
    expect(cat.find((e) => e.name === 'web_search')).toMatchObject({
      source: 'builtin',
      main_agent: true,
    });
    expect(cat.find((e) => e.name === 'mcp_call_tool')).toMatchObject({ main_agent: false });
    const [server] = await t.call('mcp.servers.list', {});
    expect(server).toMatchObject({
      name: 'peer',
      status: 'connected',
      env_keys: ['PEER_TOKEN', 'PEER_REQUIRE_ENV'],
      last_error: null,
    });
    expect(server!.tool_count).toBeGreaterThan(5);
  });

  it('keeps env secrets out of the database and out of what the UI sees', async () => {
    const views = JSON.stringify(await t.call('mcp.servers.list', {}));
    expect(views).not.toContain('sekret-token-123');
    t.app.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const file = readFileSync(join(t.app.ctx.dataDir, 'pai.db'));
    expect(file.includes(Buffer.from('sekret-token-123'))).toBe(false);
  });

  it('calls a tool through the executor; the result is wrapped as untrusted data and logged', async () => {
    const r = await t.app.ctx.tools.execute('peer__echo', { text: 'hi' }, t.ctx());
    expect(r.ok).toBe(true);
    expect(r.output).toMatch(/^<untrusted source="mcp:peer\/echo">/);
    expect(r.output).toContain('echo: hi');
    expect(usage(t).at(-1)).toMatchObject({
      tool_source: 'mcp',
      tool_name: 'peer__echo',
      success: 1,
    });
  });

  it('neutralises a closing tag inside an MCP result', async () => {
    const r = await t.app.ctx.tools.execute('peer__inject', {}, t.ctx());
    expect(r.output.match(/<\/untrusted>/g)).toHaveLength(1);
    expect(r.output.trim().endsWith('</untrusted>')).toBe(true);
  });

  it('mcp_call_tool: parses arguments_json with a clear error, inherits the target risk, logs as tool_call', async () => {
    const call = t.app.ctx.tools.get('mcp_call_tool')!;
    expect(call.riskFor!({ tool_name: 'peer__notes_delete', arguments_json: '{}' })).toBe(
      'destructive',
    );
    expect(call.riskFor!({ tool_name: 'peer__echo', arguments_json: '{}' })).toBe('read');
    expect(call.riskFor!({ tool_name: 'echo', arguments_json: '{}' })).toBe('read');
    expect(call.riskFor!({ tool_name: 'maps_weather', arguments_json: '{}' })).toBe('read');
    expect(call.riskFor!({ tool_name: 'nope', arguments_json: '{}' })).toBe('destructive');
    const bad = await t.app.ctx.tools.execute(
      'mcp_call_tool',
      { tool_name: 'peer__echo', arguments_json: '{text:' },
      t.ctx(),
    );
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain('arguments_json');
    const good = await t.app.ctx.tools.execute(
      'mcp_call_tool',
      { tool_name: 'echo', arguments_json: '{"text":"via call"}' },
      t.ctx(),
    );
    expect(good.ok).toBe(true);
    expect(good.output).toContain('echo: via call');
    const list = await t.app.ctx.tools.execute('mcp_list_tools', {}, t.ctx());
    expect(list.output).toContain('peer__notes_delete [needs approval]');
    const names = usage(t).map((u) => u.tool_name);
    expect(names).toContain('tool_call');
    expect(names).toContain('tool_list');
    expect(names).not.toContain('mcp_call_tool');
  });

  it('applies the allowlist: blocked tools leave the executor and mcp_call_tool says allowlist blocked', async () => {
    await t.call('mcp.servers.update', {
      id,
      patch: {
        allowlist: ['echo', 'hang', 'crash', 'change_description', 'add_tool', 'late_tool'],
      },
    });
    const cat = await t.call('mcp.tools.list', {});
    expect(cat.find((e) => e.name === 'peer__notes_delete')).toMatchObject({
      allowed: false,
      main_agent: false,
    });
    expect(t.app.ctx.tools.get('peer__notes_delete')).toBeUndefined();
    const r = await t.app.ctx.tools.execute(
      'mcp_call_tool',
      { tool_name: 'notes_delete', arguments_json: '{"id":1}' },
      t.ctx(),
    );
    expect(r.ok).toBe(false);
    expect(r.output).toContain('allowlist blocked');
  });

  it('respects the on/off toggle', async () => {
    await t.call('mcp.tools.setEnabled', { source: 'mcp', name: 'peer__echo', enabled: false });
    const r = await t.app.ctx.tools.execute('peer__echo', { text: 'x' }, t.ctx());
    expect(r.error?.code).toBe('TOOL_DISABLED');
    expect((await t.call('mcp.tools.list', {})).find((e) => e.name === 'peer__echo')?.enabled).toBe(
      false,
    );
    await t.call('mcp.tools.setEnabled', { source: 'mcp', name: 'peer__echo', enabled: true });
    await t.call('mcp.tools.setApproval', {
      source: 'mcp',
      name: 'peer__echo',
      approval: 'always_allow',
    });
    expect(
      (await t.call('mcp.tools.list', {})).find((e) => e.name === 'peer__echo')?.approval,
    ).toBe('always_allow');
  });

  it('caches the catalog for 30 s (fake clock) and re-lists after', async () => {
    await t.call('mcp.tools.list', { refresh: true });
    await t.app.ctx.tools.execute('peer__add_tool', {}, t.ctx());
    expect((await t.call('mcp.tools.list', {})).some((e) => e.name === 'peer__late_tool')).toBe(
      false,
    );
    t.clock.advance(29_000);
    expect((await t.call('mcp.tools.list', {})).some((e) => e.name === 'peer__late_tool')).toBe(
      false,
    );
    t.clock.advance(2_000);
    expect((await t.call('mcp.tools.list', {})).some((e) => e.name === 'peer__late_tool')).toBe(
      true,
    );
  });

  it('times out a tool that hangs, and the server stays usable', async () => {
    const started = Date.now();
    const r = await t.app.ctx.tools.execute('peer__hang', {}, t.ctx());
    expect(r.error?.code).toBe('TIMEOUT');
    expect(r.output).toMatch(/超时.*timed out/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await t.app.ctx.tools.execute('peer__echo', { text: 'after' }, t.ctx())).ok).toBe(true);
  });

  it('a server that crashes mid-call: status error with a reason, then reconnects on next use', async () => {
    const r = await t.app.ctx.tools.execute('peer__crash', {}, t.ctx());
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('PROVIDER_UNAVAILABLE');
    const [down] = await t.call('mcp.servers.list', {});
    expect(down).toMatchObject({ status: 'error' });
    expect(down!.last_error).toMatch(/断开|disconnected/);
    const again = await t.app.ctx.tools.execute('peer__echo', { text: 'back' }, t.ctx());
    expect(again.ok).toBe(true);
    expect((await t.call('mcp.servers.list', {}))[0]).toMatchObject({
      status: 'connected',
      last_error: null,
    });
  });

  it('holds a tool whose definition changed until the person approves it again', async () => {
    await t.app.ctx.tools.execute('peer__change_description', {}, t.ctx());
    t.clock.advance(31_000);
    const cat = await t.call('mcp.tools.list', {});
    expect(cat.find((e) => e.name === 'peer__echo')).toMatchObject({
      held: true,
      main_agent: false,
    });
    const r = await t.app.ctx.tools.execute('peer__echo', { text: 'x' }, t.ctx());
    expect(r.ok).toBe(false);
    expect(r.output).toContain('重新批准');
    expect(t.app.ctx.tools.get('peer__echo')?.mainAgent).toBe(false);
    const e = await t.call('mcp.tools.reapprove', { name: 'peer__echo' });
    expect(e.held).toBe(false);
    expect(e.description).toContain('ALSO');
    expect((await t.app.ctx.tools.execute('peer__echo', { text: 'ok' }, t.ctx())).ok).toBe(true);
  });

  it('disabling a server removes its tools; removing it deletes it', async () => {
    const v = await t.call('mcp.servers.enable', { id, enabled: false });
    expect(v.status).toBe('disabled');
    expect(t.app.ctx.tools.get('peer__echo')).toBeUndefined();
    expect((await t.call('mcp.tools.list', {})).some((e) => e.server === 'peer')).toBe(false);
    await t.call('mcp.servers.remove', { id });
    expect(await t.call('mcp.servers.list', {})).toEqual([]);
  });
});

describe('MCP server configuration errors', () => {
  let t: TestApp;
  beforeAll(() => {
    t = makeTestApp();
  });
  afterAll(async () => t.close());

  it('a missing command reads "command not found", also as the server last error', async () => {
    const v = await t.call('mcp.servers.add', {
      name: 'ghost',
      transport: 'stdio',
      command: 'pai-no-such-command-xyz',
      args: [],
    });
    const r = await t.call('mcp.servers.test', { id: v.id });
    expect(r.ok).toBe(false);
    expect(r.error).toBe('命令未找到 / command not found: pai-no-such-command-xyz');
    expect((await t.call('mcp.servers.list', {}))[0]).toMatchObject({
      status: 'error',
      last_error: r.error,
    });
  });

  it('refuses bad names, duplicates and non-http URLs with the data unchanged', async () => {
    await expect(
      t.call('mcp.servers.add', { name: 'a__b', transport: 'stdio', command: 'x' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      t.call('mcp.servers.add', { name: 'ghost', transport: 'stdio', command: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      t.call('mcp.servers.add', { name: 'ftp', transport: 'http', url: 'ftp://x/y' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      t.call('mcp.servers.update', { id: 1, patch: { url: 'http://x' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.call('mcp.servers.list', {})).map((s) => s.name)).toEqual(['ghost']);
  });
});

describe('MCP server over Streamable HTTP (real SDK peer on 127.0.0.1)', () => {
  let t: TestApp;
  let peer: HttpMcpPeer;
  beforeAll(async () => {
    t = makeTestApp();
    peer = await startHttpMcpPeer({ token: 'http-secret-456' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('sends the configured headers, lists and calls tools', async () => {
    const v = await t.call('mcp.servers.add', {
      name: 'remote',
      transport: 'http',
      url: peer.url,
      headers: { Authorization: 'Bearer http-secret-456' },
    });
    expect(v.header_keys).toEqual(['Authorization']);
    expect(JSON.stringify(v)).not.toContain('http-secret-456');
    const test = await t.call('mcp.servers.test', { id: v.id });
    expect(test).toMatchObject({ ok: true, error: null });
    expect(test.tools).toContain('echo');
    const r = await t.app.ctx.tools.execute('remote__echo', { text: 'over http' }, t.ctx());
    expect(r.output).toContain('echo: over http');
    expect(peer.auth.every((a) => a === 'Bearer http-secret-456')).toBe(true);
  });

  it('retries a failing server during discovery only after its backoff (fake clock)', async () => {
    const v = await t.call('mcp.servers.add', {
      name: 'flaky',
      transport: 'http',
      url: peer.url,
      headers: { Authorization: 'Bearer nope' },
    });
    const attempts = () => peer.auth.filter((a) => a === 'Bearer nope').length;
    await t.call('mcp.tools.list', { refresh: true });
    const first = attempts();
    expect(first).toBeGreaterThan(0);
    expect((await t.call('mcp.servers.list', {})).find((s) => s.id === v.id)).toMatchObject({
      status: 'error',
    });
    await t.call('mcp.tools.list', { refresh: true });
    expect(attempts()).toBe(first); // within the 1 s backoff: not retried
    t.clock.advance(1_100);
    await t.call('mcp.tools.list', { refresh: true });
    const second = attempts();
    expect(second).toBeGreaterThan(first);
    t.clock.advance(1_100); // second failure: backoff is now 2 s
    await t.call('mcp.tools.list', { refresh: true });
    expect(attempts()).toBe(second);
    await t.call('mcp.servers.remove', { id: v.id });
  });

  it('a wrong header shows as a failed test with the reason', async () => {
    const v = await t.call('mcp.servers.add', {
      name: 'badauth',
      transport: 'http',
      url: peer.url,
      headers: { Authorization: 'Bearer wrong' },
    });
    const r = await t.call('mcp.servers.test', { id: v.id });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/badauth/);
    // Updating the header (null keeps others) fixes it.
    await t.call('mcp.servers.update', {
      id: v.id,
      patch: { headers: { Authorization: 'Bearer http-secret-456' } },
    });
    expect((await t.call('mcp.servers.test', { id: v.id })).ok).toBe(true);
  });
});

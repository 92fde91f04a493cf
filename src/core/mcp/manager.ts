import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import type { EventBus } from '../events';
import type { ToolExecutor } from '../tools/executor';
import type { ToolRisk } from '../tools/types';
import { PaiError } from '../../shared/errors';
import type { McpServerAdd, McpServerPatch, McpServerView } from '../../shared/contract';
import { McpConnection, DEFAULT_TIMEOUTS, type McpTimeouts } from './connection';
import { definitionHash, qualifiedToolName } from './names';
import type { SecretStore } from './secrets';
import { McpStore, type ServerRow, type ServerStatus } from './store';
import { mcpToolDef, resultText, riskFromAnnotations } from './tool-def';

/** One tool as the server lists it, with what we decided about it. */
export interface DiscoveredTool {
  serverId: number;
  server: string;
  rawName: string;
  name: string;
  description: string;
  inputSchema: unknown;
  risk: ToolRisk;
  allowed: boolean;
  held: boolean;
}

interface ServerState {
  conn: McpConnection | null;
  tools: DiscoveredTool[];
  failures: number;
  nextAttemptAt: number;
}

export interface McpManagerDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  tools: ToolExecutor;
  secrets: SecretStore;
  timeouts?: Partial<McpTimeouts>;
}

const secretKey = (id: number, kind: 'env' | 'header', key: string) => `mcp:${id}:${kind}:${key}`;
const BACKOFF_MAX_MS = 60_000;

/**
 * Configured MCP servers: their settings (secrets in the SecretStore), live
 * connections, discovered tools, pinned definitions, and the `server__tool`
 * definitions registered into the executor.
 */
export class McpManager {
  readonly store: McpStore;
  private readonly states = new Map<number, ServerState>();
  private readonly registered = new Set<string>();
  private readonly timeouts: McpTimeouts;
  private readonly changeListeners: (() => void)[] = [];

  constructor(private readonly deps: McpManagerDeps) {
    this.store = new McpStore(deps.db);
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  }

  /** Called when configuration changes (the catalog drops its cache). */
  onChange(fn: () => void): void {
    this.changeListeners.push(fn);
  }

  private changed(): void {
    for (const fn of this.changeListeners) fn();
    this.deps.events.emit('data.changed', { domain: 'mcp' });
  }

  // ---- configuration -------------------------------------------------------

  views(): McpServerView[] {
    return this.store.list().map((r) => this.view(r));
  }

  view(r: ServerRow): McpServerView {
    return {
      id: r.id,
      name: r.name,
      transport: r.transport,
      command: r.command,
      args: r.args,
      env_keys: r.envKeys,
      url: r.url,
      header_keys: r.headerKeys,
      enabled: r.enabled,
      allowlist: r.allowlist,
      status: r.enabled ? r.status : 'disabled',
      last_error: r.lastError,
      tool_count: this.states.get(r.id)?.tools.length ?? 0,
    };
  }

  private must(id: number): ServerRow {
    const r = this.store.get(id);
    if (!r) throw new PaiError('NOT_FOUND', `MCP 服务不存在 / MCP server not found: ${id}`);
    return r;
  }

  private assertNameFree(name: string, exceptId?: number): void {
    const other = this.store.byName(name);
    if (other && other.id !== exceptId) {
      throw new PaiError(
        'CONFLICT',
        `已有同名 MCP 服务 / an MCP server named "${name}" already exists`,
      );
    }
  }

  add(input: McpServerAdd): McpServerView {
    this.assertNameFree(input.name);
    const stdio = input.transport === 'stdio';
    const id = this.store.insert({
      name: input.name,
      transport: input.transport,
      command: stdio ? input.command : null,
      args: stdio ? input.args : [],
      envKeys: stdio ? Object.keys(input.env) : [],
      url: stdio ? null : input.url,
      headerKeys: stdio ? [] : Object.keys(input.headers),
      enabled: input.enabled,
      allowlist: input.allowlist,
    });
    const secrets = stdio ? input.env : input.headers;
    for (const [k, v] of Object.entries(secrets))
      this.deps.secrets.set(secretKey(id, stdio ? 'env' : 'header', k), v);
    this.changed();
    return this.view(this.must(id));
  }

  update(id: number, patch: McpServerPatch): McpServerView {
    const cur = this.must(id);
    if (patch.name !== undefined) this.assertNameFree(patch.name, id);
    if (cur.transport === 'stdio' && (patch.url !== undefined || patch.headers !== undefined)) {
      throw new PaiError(
        'VALIDATION_FAILED',
        'stdio 服务没有 url/headers / a stdio server has no url or headers',
      );
    }
    if (
      cur.transport === 'http' &&
      (patch.command !== undefined || patch.args !== undefined || patch.env !== undefined)
    ) {
      throw new PaiError(
        'VALIDATION_FAILED',
        'HTTP 服务没有 command/args/env / an HTTP server has no command, args or env',
      );
    }
    const kind = cur.transport === 'stdio' ? 'env' : 'header';
    const secretPatch = cur.transport === 'stdio' ? patch.env : patch.headers;
    const oldKeys = cur.transport === 'stdio' ? cur.envKeys : cur.headerKeys;
    if (secretPatch) {
      for (const [k, v] of Object.entries(secretPatch)) {
        if (v === null && !oldKeys.includes(k)) {
          throw new PaiError(
            'VALIDATION_FAILED',
            `${k}: 新变量需要一个值 / a new variable needs a value`,
          );
        }
      }
    }
    const newKeys = secretPatch ? Object.keys(secretPatch) : oldKeys;
    this.store.update(id, {
      name: patch.name ?? cur.name,
      transport: cur.transport,
      command: patch.command ?? cur.command,
      args: patch.args ?? cur.args,
      envKeys: kind === 'env' ? newKeys : [],
      url: patch.url ?? cur.url,
      headerKeys: kind === 'header' ? newKeys : [],
      enabled: patch.enabled ?? cur.enabled,
      allowlist: patch.allowlist === undefined ? cur.allowlist : patch.allowlist,
    });
    if (secretPatch) {
      for (const [k, v] of Object.entries(secretPatch))
        if (v !== null) this.deps.secrets.set(secretKey(id, kind, k), v);
      for (const k of oldKeys)
        if (!newKeys.includes(k)) this.deps.secrets.set(secretKey(id, kind, k), null);
    }
    this.reset(id, patch.enabled === false ? 'disabled' : 'idle');
    this.changed();
    return this.view(this.must(id));
  }

  enable(id: number, enabled: boolean): McpServerView {
    return this.update(id, { enabled });
  }

  async remove(id: number): Promise<void> {
    const cur = this.must(id);
    await this.states.get(id)?.conn?.close();
    this.states.delete(id);
    for (const k of cur.envKeys) this.deps.secrets.set(secretKey(id, 'env', k), null);
    for (const k of cur.headerKeys) this.deps.secrets.set(secretKey(id, 'header', k), null);
    this.store.remove(id);
    this.syncExecutor();
    this.changed();
  }

  /** Drops the live connection and the discovered tools; the next use reconnects. */
  private reset(id: number, status: ServerStatus): void {
    const st = this.states.get(id);
    void st?.conn?.close();
    this.states.delete(id);
    this.store.setStatus(id, status, null);
    this.syncExecutor();
  }

  // ---- connections and discovery -----------------------------------------

  private state(r: ServerRow): ServerState {
    let st = this.states.get(r.id);
    if (!st) {
      st = { conn: null, tools: [], failures: 0, nextAttemptAt: 0 };
      this.states.set(r.id, st);
    }
    if (!st.conn) {
      const kind = r.transport === 'stdio' ? 'env' : 'header';
      const keys = r.transport === 'stdio' ? r.envKeys : r.headerKeys;
      const secrets: Record<string, string> = {};
      for (const k of keys) {
        const v = this.deps.secrets.get(secretKey(r.id, kind, k));
        if (v !== null) secrets[k] = v;
      }
      st.conn = new McpConnection(
        {
          name: r.name,
          transport: r.transport,
          command: r.command,
          args: r.args,
          env: kind === 'env' ? secrets : {},
          url: r.url,
          headers: kind === 'header' ? secrets : {},
        },
        this.timeouts,
        (status, error) => this.onState(r.id, status, error),
      );
    }
    return st;
  }

  private onState(id: number, status: ServerStatus, error: string | null): void {
    if (!this.store.get(id)) return;
    const st = this.states.get(id);
    if (st) {
      if (status === 'error') {
        st.failures += 1;
        st.nextAttemptAt =
          this.deps.clock.now() + Math.min(BACKOFF_MAX_MS, 1000 * 2 ** (st.failures - 1));
      } else if (status === 'connected') {
        st.failures = 0;
        st.nextAttemptAt = 0;
      }
    }
    this.store.setStatus(id, status, error);
    if (status !== 'connecting') this.deps.events.emit('data.changed', { domain: 'mcp' });
  }

  /**
   * Lists the tools of every enabled server. A server that failed recently is
   * retried only after its backoff; its last known tools stay listed so that a
   * call can still try to reconnect.
   */
  async discover(): Promise<void> {
    const rows = this.store.list().filter((r) => r.enabled);
    await Promise.all(
      rows.map(async (r) => {
        const st = this.state(r);
        if (st.failures > 0 && this.deps.clock.now() < st.nextAttemptAt) return;
        try {
          st.tools = this.decide(r, await st.conn!.listTools());
        } catch {
          // Status and last error were recorded by the connection.
        }
      }),
    );
    this.syncExecutor();
  }

  /** Connects afresh and lists the tools: the settings "Test" button. */
  async test(
    id: number,
  ): Promise<{ ok: boolean; tools: string[]; error: string | null; latency_ms: number }> {
    const r = this.must(id);
    const started = performance.now();
    await this.states.get(id)?.conn?.close();
    this.states.delete(id);
    const st = this.state(r);
    try {
      st.tools = this.decide(r, await st.conn!.listTools());
      this.syncExecutor();
      this.changed();
      return {
        ok: true,
        tools: st.tools.map((t) => t.rawName),
        error: null,
        latency_ms: performance.now() - started,
      };
    } catch (e) {
      return {
        ok: false,
        tools: [],
        error: e instanceof Error ? e.message : String(e),
        latency_ms: performance.now() - started,
      };
    }
  }

  /** Applies the allowlist and the pins: a tool seen for the first time is pinned, a changed one is held. */
  private decide(r: ServerRow, tools: Tool[]): DiscoveredTool[] {
    const at = new Date(this.deps.clock.now()).toISOString();
    return tools.map((t) => {
      const description = t.description ?? '';
      const hash = definitionHash(description, t.inputSchema);
      const pinned = this.store.pin(r.id, t.name);
      if (pinned === undefined) this.store.setPin(r.id, t.name, hash, at);
      return {
        serverId: r.id,
        server: r.name,
        rawName: t.name,
        name: qualifiedToolName(r.name, t.name),
        description,
        inputSchema: t.inputSchema,
        risk: riskFromAnnotations(t.annotations),
        allowed: r.allowlist === null || r.allowlist.includes(t.name),
        held: pinned !== undefined && pinned !== hash,
      };
    });
  }

  /** Every discovered tool of the enabled servers, allowed or not. */
  discovered(): DiscoveredTool[] {
    const enabled = new Set(
      this.store
        .list()
        .filter((r) => r.enabled)
        .map((r) => r.id),
    );
    return [...this.states.values()].flatMap((s) => s.tools).filter((t) => enabled.has(t.serverId));
  }

  find(name: string): DiscoveredTool | undefined {
    return this.discovered().find((t) => t.name === name);
  }

  /** The person approves a changed definition: pin the current one and release the hold. */
  reapprove(name: string): DiscoveredTool {
    const t = this.find(name);
    if (!t) throw new PaiError('NOT_FOUND', `MCP 工具不存在 / MCP tool not found: ${name}`);
    this.store.setPin(
      t.serverId,
      t.rawName,
      definitionHash(t.description, t.inputSchema),
      new Date(this.deps.clock.now()).toISOString(),
    );
    t.held = false;
    this.syncExecutor();
    this.changed();
    return t;
  }

  isMcpToolName(name: string): boolean {
    return this.registered.has(name);
  }

  // ---- calls ---------------------------------------------------------------

  /** Checks allowlist, hold and server state, then calls the tool. Result text is the server's, unwrapped. */
  async call(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ tool: DiscoveredTool; result: CallToolResult; text: string }> {
    const tool = this.find(name);
    if (!tool)
      throw new PaiError(
        'UNKNOWN_TOOL',
        `MCP 工具不存在或其服务已停用 / unknown MCP tool (or its server is disabled): ${name}`,
      );
    if (!tool.allowed) {
      throw new PaiError(
        'FORBIDDEN',
        `allowlist blocked: ${name} 不在服务 ${tool.server} 的允许列表中 / not in the server's allowlist`,
      );
    }
    if (tool.held) {
      throw new PaiError(
        'FORBIDDEN',
        `MCP 工具 ${name} 的定义（描述或参数）已被服务端修改，已暂停使用，请在 设置 → 工具与 MCP 中重新批准。 ` +
          `The server changed this tool's definition; it is held until you approve it again in Settings → Tools & MCP.`,
      );
    }
    const r = this.must(tool.serverId);
    const st = this.state(r);
    const result = await st.conn!.callTool(tool.rawName, args, signal);
    return { tool, result, text: resultText(result) };
  }

  // ---- executor registration ----------------------------------------------

  /** Registers the allowed tools of enabled servers as `server__tool`; removes the rest. */
  syncExecutor(): void {
    const want = this.discovered().filter((t) => t.allowed);
    for (const n of this.registered) this.deps.tools.unregister(n);
    this.registered.clear();
    for (const t of want) {
      // Whatever is still registered under this name is not ours (a built-in, or a
      // name collision after sanitising): it wins.
      if (this.deps.tools.get(t.name)) continue;
      this.deps.tools.register(
        mcpToolDef(t, (name, args, signal) => this.call(name, args, signal)),
      );
      this.registered.add(t.name);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.states.values()].map((s) => s.conn?.close()));
    this.states.clear();
  }
}

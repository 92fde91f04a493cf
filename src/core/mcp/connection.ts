import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport,
  getDefaultEnvironment,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { PaiError } from '../../shared/errors';
import { mcpError } from './errors';
import type { ServerStatus } from './store';

export interface ConnectionSpec {
  name: string;
  transport: 'stdio' | 'http';
  command: string | null;
  args: string[];
  env: Record<string, string>;
  url: string | null;
  headers: Record<string, string>;
}

export interface McpTimeouts {
  connectMs: number;
  callMs: number;
}
export const DEFAULT_TIMEOUTS: McpTimeouts = { connectMs: 15_000, callMs: 60_000 };

type StateListener = (status: ServerStatus, error: string | null) => void;

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/**
 * One live MCP client for one configured server: connects lazily, notices when
 * the server goes away (process exit, HTTP failure) and reconnects on next use.
 */
export class McpConnection {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private stderrTail = '';

  constructor(
    readonly spec: ConnectionSpec,
    private readonly timeouts: McpTimeouts,
    private readonly onState: StateListener,
  ) {}

  get connected(): boolean {
    return this.client !== null;
  }

  private makeTransport(): Transport {
    if (this.spec.transport === 'stdio') {
      const t = new StdioClientTransport({
        command: this.spec.command ?? '',
        args: this.spec.args,
        env: { ...getDefaultEnvironment(), ...this.spec.env },
        stderr: 'pipe',
      });
      t.stderr?.on('data', (d: Buffer) => {
        this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-1000);
      });
      return t;
    }
    return new StreamableHTTPClientTransport(new URL(this.spec.url ?? ''), {
      requestInit: { headers: this.spec.headers },
    });
  }

  ensure(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    this.connecting = this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<Client> {
    this.onState('connecting', null);
    this.stderrTail = '';
    const client = new Client({ name: 'pai', version: '0.1.0' });
    const transport = this.makeTransport();
    const where = {
      server: this.spec.name,
      command: this.spec.command,
      timeoutMs: this.timeouts.connectMs,
    };
    try {
      await withTimeout(
        client.connect(transport, { timeout: this.timeouts.connectMs }),
        this.timeouts.connectMs + 500,
        () => new Error('connect timed out'),
      );
    } catch (e) {
      await client.close().catch(() => undefined);
      const err = mcpError(e, where);
      this.onState('error', err.message);
      throw err;
    }
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = null;
      const tail = this.stderrTail.trim().split('\n').slice(-2).join(' ').slice(0, 300);
      this.onState(
        'error',
        `MCP 服务 ${this.spec.name} 已断开，下次使用时重连 / disconnected, will reconnect on next use${tail ? `: ${tail}` : ''}`,
      );
    };
    this.client = client;
    this.onState('connected', null);
    return client;
  }

  async listTools(): Promise<Tool[]> {
    const client = await this.ensure();
    const out: Tool[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < 20; page++) {
        const r = await client.listTools(cursor ? { cursor } : undefined, {
          timeout: this.timeouts.connectMs,
        });
        out.push(...r.tools);
        cursor = r.nextCursor;
        if (!cursor) break;
      }
    } catch (e) {
      throw this.failed(e, this.timeouts.connectMs);
    }
    return out;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    const client = await this.ensure();
    try {
      const r = await client.callTool({ name, arguments: args }, undefined, {
        timeout: this.timeouts.callMs,
        signal,
      });
      return r as CallToolResult;
    } catch (e) {
      throw this.failed(e, this.timeouts.callMs);
    }
  }

  private failed(e: unknown, timeoutMs: number): PaiError {
    const err = mcpError(e, { server: this.spec.name, command: this.spec.command, timeoutMs });
    // A JSON-RPC error answer means the server is alive; anything else but a
    // timeout means the link is gone: drop it so the next use reconnects.
    const answered =
      e instanceof McpError &&
      e.code !== ErrorCode.ConnectionClosed &&
      e.code !== ErrorCode.RequestTimeout;
    if (!answered && err.code !== 'TIMEOUT' && this.client) {
      const c = this.client;
      this.client = null;
      void c.close().catch(() => undefined);
      this.onState('error', err.message);
    }
    return err;
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c) await c.close().catch(() => undefined);
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp, type PaiApp } from '../../src/core/app';
import type { ToolContext } from '../../src/core/tools/types';
import type { OpName, OpOutput } from '../../src/shared/contract';
import { toolCtx } from '../support/temp-app';

export class FakeClock {
  constructor(public t = Date.parse('2026-04-06T04:00:00Z')) {}
  now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp {
  app: PaiApp;
  clock: FakeClock;
  call<K extends OpName>(name: K, input: unknown): Promise<OpOutput<K>>;
  ctx(over?: Partial<ToolContext>): ToolContext;
  close(): Promise<void>;
}

/** A real app on a temp SQLite file, with a fake clock and tight MCP timeouts. */
export function makeTestApp(env: Record<string, string> = {}): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'pai-mcp-'));
  const clock = new FakeClock();
  const app = createApp({
    dataDir: dir,
    clock,
    timeZone: 'Asia/Shanghai',
    background: false,
    env: {
      PATH: process.env.PATH ?? '',
      PAI_MCP_CONNECT_TIMEOUT_MS: '20000',
      PAI_MCP_CALL_TIMEOUT_MS: '1500',
      ...env,
    },
  });
  return {
    app,
    clock,
    async call(name, input) {
      const r = await app.dispatch(name, input);
      if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r.data as never;
    },
    ctx: (over = {}) => toolCtx({ platform: 'test', turn: { external: 0, crawl: 0 }, ...over }),
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const STDIO_PEER = {
  transport: 'stdio' as const,
  command: process.execPath,
  args: ['--import', 'tsx', resolve('tests/peers/mcp-stdio.ts')],
};

// Shared by the memory tests: a real app on a temp SQLite file with a fake clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaiApp } from '../../src/core/app';
import { toolCtx } from '../support/temp-app';

export interface TestApp {
  app: PaiApp;
  clock: { now(): number; set(ms: number): void; advanceDays(d: number): void };
  tool(
    name: string,
    args: unknown,
  ): Promise<{ ok: boolean; data: Record<string, unknown>; output: string }>;
  close(): Promise<void>;
}

export const T0 = Date.parse('2026-04-06T04:00:00Z');

export function testApp(): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'pai-memory-'));
  let t = T0;
  const clock = {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
    advanceDays: (d: number) => {
      t += d * 86_400_000;
    },
  };
  const app = createApp({
    dataDir: dir,
    clock,
    timeZone: 'Asia/Shanghai',
    locale: 'zh-CN',
    background: false,
  });
  const ctx = toolCtx({ conversationId: 7 });
  return {
    app,
    clock,
    async tool(name, args) {
      const r = await app.ctx.tools.execute(name, args, ctx);
      return { ok: r.ok, data: (r.output_data ?? {}) as Record<string, unknown>, output: r.output };
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

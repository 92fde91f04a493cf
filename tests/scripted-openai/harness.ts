// Test harness: a real app on a temp folder, pointed at the scripted server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApp, type PaiApp } from '../../src/core/app';
import type { ChatEvent } from '../../src/shared/contract';
import { chatEventSchema } from '../../src/shared/contract';
import { ScriptedOpenAI } from './server';

export interface Harness {
  app: PaiApp;
  dir: string;
  events: ChatEvent[];
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export function envFor(baseURL: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: 'sk-test',
    PAI_CHAT_MODEL: 'scripted-model',
    ...extra,
  };
}

/** Opens the app; every chat.event is checked against the contract schema and kept. */
export function openHarness(
  env: NodeJS.ProcessEnv,
  dir = mkdtempSync(join(tmpdir(), 'pai-agent-')),
): Harness {
  const events: ChatEvent[] = [];
  const open = () => {
    const app = createApp({
      dataDir: dir,
      env,
      timeZone: 'Asia/Shanghai',
      locale: 'zh-CN',
      clock: { now: () => Date.parse('2026-04-06T04:30:00Z') },
    });
    app.ctx.events.on('chat.event', (e) => events.push(chatEventSchema.parse(e)));
    return app;
  };
  const h: Harness = {
    app: open(),
    dir,
    events,
    async reopen() {
      await h.app.close();
      h.app = open();
    },
    async close() {
      await h.app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** The scripted server and the app of the running test (read them inside a test or hook). */
export interface ScriptedChat {
  readonly server: ScriptedOpenAI;
  readonly h: Harness;
}

/**
 * Registers beforeEach/afterEach: each test gets a fresh scripted server and an app on a new
 * temp folder pointed at it; both are closed (and the folder removed) after the test.
 */
export function useScriptedChat(): ScriptedChat {
  let server: ScriptedOpenAI | undefined;
  let h: Harness | undefined;
  beforeEach(async () => {
    server = await new ScriptedOpenAI().start();
    h = openHarness(envFor(server.baseURL));
  });
  afterEach(async () => {
    await h?.close();
    await server?.close();
    h = undefined;
    server = undefined;
  });
  const running = <T>(v: T | undefined, name: string): T => {
    if (v === undefined) throw new Error(`useScriptedChat: ${name} exists only while a test runs`);
    return v;
  };
  return {
    get server() {
      return running(server, 'server');
    },
    get h() {
      return running(h, 'h');
    },
  };
}

export async function call<T = unknown>(app: PaiApp, name: string, input: unknown): Promise<T> {
  const r = await app.dispatch(name, input);
  if (!r.ok)
    throw Object.assign(new Error(`${r.error.code}: ${r.error.message}`), { envelope: r.error });
  return r.data as T;
}

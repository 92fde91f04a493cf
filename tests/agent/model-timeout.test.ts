import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseMessage } from '@langchain/core/messages';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ChatGenerationChunk, ChatResult } from '@langchain/core/outputs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../../src/core/app';
import type { ChatEvent } from '../../src/shared/contract';
import { scriptedModels } from '../scripted-openai/scripted-chat-model';

/** A model that never answers: it waits until its call is aborted. */
class StallingModel extends BaseChatModel {
  _llmType(): string {
    return 'stalling';
  }
  override bindTools(): this {
    return this;
  }
  _generate(): Promise<ChatResult> {
    return Promise.reject(new Error('stream only'));
  }
  // eslint-disable-next-line require-yield
  override async *_streamResponseChunks(
    _m: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): AsyncGenerator<ChatGenerationChunk> {
    const signal = options.signal!;
    await new Promise<void>((resolve) =>
      signal.aborted
        ? resolve()
        : signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    throw signal.reason;
  }
}

let dir: string;
let app: PaiApp;
let events: ChatEvent[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pai-timeout-'));
  app = createApp({
    dataDir: dir,
    env: {},
    timeZone: 'Asia/Shanghai',
    locale: 'zh-CN',
    models: scriptedModels(new StallingModel({})),
    modelTimeoutMs: 300,
  });
  events = [];
  app.ctx.events.on('chat.event', (e) => events.push(e));
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a model call that takes longer than the limit ends the turn with a TIMEOUT error', async () => {
  const r = await app.dispatch('chat.send', { text: '你好' });
  if (!r.ok) throw new Error(r.error.message);
  const { conversation_id } = r.data as { conversation_id: number };
  await app.services.chat.idle(conversation_id);
  expect(events.find((e) => e.type === 'error')).toMatchObject({ code: 'TIMEOUT' });
  expect(events.at(-1)).toMatchObject({ type: 'turn_end', status: 'error' });
});

it('Stop during a stalled call cancels the turn without an error, before the limit', async () => {
  const r = await app.dispatch('chat.send', { text: '你好' });
  if (!r.ok) throw new Error(r.error.message);
  const { conversation_id } = r.data as { conversation_id: number };
  await new Promise((res) => setTimeout(res, 50));
  expect(app.services.chat.cancel(conversation_id)).toEqual({ cancelled: true });
  await app.services.chat.idle(conversation_id);
  expect(events.some((e) => e.type === 'error')).toBe(false);
  expect(events.at(-1)).toMatchObject({ type: 'turn_end', status: 'cancelled' });
});

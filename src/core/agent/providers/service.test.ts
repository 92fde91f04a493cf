import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatOpenAI } from '@langchain/openai';
import { createApp, type PaiApp } from '../../app';
import { EnvSecretStore, MemorySecretStore, type SecretStore } from './secrets';

let app: PaiApp | null = null;
let dir = '';
afterEach(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
  app = null;
});

function open(env: NodeJS.ProcessEnv, secrets: SecretStore = new EnvSecretStore(env)): PaiApp {
  dir = mkdtempSync(join(tmpdir(), 'pai-prov-'));
  app = createApp({ dataDir: dir, env, secrets, timeZone: 'UTC' });
  return app;
}

describe('providers', () => {
  it('environment variables configure chat; the key is reported as from env and never returned', async () => {
    const a = open({
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'sk-env',
      PAI_CHAT_MODEL: 'm1',
    });
    const r = await a.dispatch('providers.get', {});
    expect(r.ok && r.data).toMatchObject({
      preset: 'custom',
      baseURL: 'http://127.0.0.1:9/v1',
      chatModel: 'm1',
      hasKey: true,
      configured: true,
    });
    expect(r.ok && JSON.stringify(r.data)).not.toContain('sk-env');
    const model = a.ctx.models.chat();
    expect(model).toBeInstanceOf(ChatOpenAI);
    const m = model as ChatOpenAI;
    expect(m.streaming).toBe(false);
    expect(m.timeout).toBe(60_000);
    expect(m.model).toBe('m1');
    expect(a.ctx.models.chat()).toBe(model); // cached until settings change
  });

  it('choosing a preset fills its defaults; the API key goes to the secret store, never the settings table', async () => {
    const secrets = new MemorySecretStore();
    const a = open({ OPENAI_API_KEY: '' }, secrets);
    expect(a.ctx.models.chat()).toBeNull();
    const r = await a.dispatch('providers.update', { preset: 'deepseek', apiKey: 'sk-secret-123' });
    expect(r.ok && r.data).toMatchObject({
      preset: 'deepseek',
      baseURL: 'https://api.deepseek.com/v1',
      chatModel: 'deepseek-chat',
      hasKey: true,
      keySource: 'store',
      configured: true,
    });
    expect(secrets.get('provider.apiKey')).toBe('sk-secret-123');
    const stored = a.ctx.db.prepare('SELECT value FROM settings').all() as { value: string }[];
    expect(stored.map((s) => s.value).join()).not.toContain('sk-secret-123');
    expect(a.ctx.models.chat()).not.toBeNull();
    // A local preset needs no key.
    const local = await a.dispatch('providers.update', { preset: 'ollama', apiKey: '' });
    expect(local.ok && local.data).toMatchObject({
      baseURL: 'http://127.0.0.1:11434/v1',
      hasKey: false,
      configured: true,
    });
  });

  it('bad settings are refused and leave the stored ones unchanged', async () => {
    const a = open({});
    await a.dispatch('providers.update', { preset: 'moonshot' });
    const bad = await a.dispatch('providers.update', { baseURL: 'ftp://nope' });
    expect(!bad.ok && bad.error.code).toBe('VALIDATION_FAILED');
    const r = await a.dispatch('providers.get', {});
    expect(r.ok && r.data).toMatchObject({
      preset: 'moonshot',
      baseURL: 'https://api.moonshot.cn/v1',
    });
  });
});

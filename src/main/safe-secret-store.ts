// API keys encrypted with Electron's safeStorage, as base64 blobs in a JSON
// file in userData. On Linux the `basic_text` backend is a hard-coded password,
// i.e. plaintext in effect: we refuse it and keep keys in the environment only.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { EnvSecretStore, type SecretStore } from '../core/agent/providers/secrets';
import { PaiError } from '../shared/errors';

const fileSchema = z.record(z.string(), z.string());

export const WEAK_BACKEND_MESSAGE =
  '系统没有可用的密钥环（safeStorage 使用 basic_text），为安全起见不保存 API 密钥；请设置环境变量 OPENAI_API_KEY。' +
  ' / No system keyring is available (safeStorage backend is basic_text), so API keys are not saved; set OPENAI_API_KEY instead.';

/** Why keys cannot be stored here, or null when safeStorage is usable. */
export function storageProblem(): string | null {
  if (!safeStorage.isEncryptionAvailable()) return WEAK_BACKEND_MESSAGE;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return WEAK_BACKEND_MESSAGE;
  return null;
}

class SafeFileStore implements SecretStore {
  private readonly file: string;
  constructor(dir: string) {
    this.file = join(dir, 'secrets.json');
  }
  private read(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    return parsed.success ? parsed.data : {};
  }
  get(name: string): string | null {
    const blob = this.read()[name];
    if (!blob) return null;
    try {
      return safeStorage.decryptString(Buffer.from(blob, 'base64'));
    } catch {
      return null; // encrypted under another user or keyring: as if unset
    }
  }
  set(name: string, value: string | null): void {
    const all = this.read();
    if (value) all[name] = safeStorage.encryptString(value).toString('base64');
    else delete all[name];
    // Write then rename so a crash never leaves half a file.
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
  source(name: string): 'store' | null {
    return this.read()[name] ? 'store' : null;
  }
}

/** Refuses writes with a clear message; reads come from the environment only. */
class RefusingStore implements SecretStore {
  constructor(private readonly why: string) {}
  get(): string | null {
    return null;
  }
  set(_name: string, value: string | null): void {
    if (value) throw new PaiError('VALIDATION_FAILED', this.why);
  }
  source(): null {
    return null;
  }
}

/** The app's SecretStore: safeStorage when it is really encrypting, else environment variables only. */
export function createSecretStore(dir: string, env: NodeJS.ProcessEnv = process.env): SecretStore {
  const problem = storageProblem();
  if (problem) console.warn('[secrets]', problem);
  return new EnvSecretStore(env, problem ? new RefusingStore(problem) : new SafeFileStore(dir));
}

/**
 * Where API keys live. Never the settings table: the Electron shell supplies
 * a safeStorage-backed store; under plain Node keys come from the environment
 * or stay in memory for the process's life.
 */
export interface SecretStore {
  get(name: string): string | null;
  set(name: string, value: string | null): void;
  /** Where a value came from, for the settings page. */
  source(name: string): 'env' | 'store' | null;
}

export const CHAT_API_KEY = 'provider.apiKey';

/** Keeps secrets in memory only: nothing is written to disk. */
export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  get(name: string): string | null {
    return this.values.get(name) ?? null;
  }
  set(name: string, value: string | null): void {
    if (value) this.values.set(name, value);
    else this.values.delete(name);
  }
  source(name: string): 'store' | null {
    return this.values.has(name) ? 'store' : null;
  }
}

const ENV_NAMES: Record<string, string> = { [CHAT_API_KEY]: 'OPENAI_API_KEY' };

/**
 * A stored key wins over the environment (the person chose it in Settings);
 * otherwise OPENAI_API_KEY is used. Writes go to the inner store.
 */
export class EnvSecretStore implements SecretStore {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly inner: SecretStore = new MemorySecretStore(),
  ) {}
  get(name: string): string | null {
    return this.inner.get(name) ?? this.fromEnv(name);
  }
  set(name: string, value: string | null): void {
    this.inner.set(name, value);
  }
  source(name: string): 'env' | 'store' | null {
    if (this.inner.get(name)) return 'store';
    return this.fromEnv(name) ? 'env' : null;
  }
  private fromEnv(name: string): string | null {
    const key = ENV_NAMES[name];
    const v = key ? this.env[key]?.trim() : undefined;
    return v ? v : null;
  }
}

/**
 * Where secret values (MCP env vars and headers, search API keys) are kept.
 * The desktop shell provides one backed by Electron's safeStorage; the engine's
 * default keeps them in memory and reads `PAI_SECRET_<KEY>` from the environment,
 * so nothing secret is ever written to the database in plaintext.
 */
export interface SecretStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** `mcp:3:env:API_KEY` → `PAI_SECRET_MCP_3_ENV_API_KEY`. */
export function secretEnvName(key: string): string {
  return `PAI_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  private readonly deleted = new Set<string>();

  constructor(private readonly env: NodeJS.ProcessEnv = {}) {}

  get(key: string): string | undefined {
    if (this.values.has(key)) return this.values.get(key);
    if (this.deleted.has(key)) return undefined;
    return this.env[secretEnvName(key)];
  }

  set(key: string, value: string): void {
    this.deleted.delete(key);
    this.values.set(key, value);
  }

  delete(key: string): void {
    this.values.delete(key);
    this.deleted.add(key);
  }
}

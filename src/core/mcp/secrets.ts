/**
 * Where secret values (MCP env vars and headers, search API keys) are kept.
 * Same shape as the agent branch's providers/secrets.ts SecretStore, so one
 * store (safeStorage-backed in the desktop shell) can serve both. The engine's
 * default keeps values in memory and falls back to `PAI_SECRET_<KEY>` in the
 * environment, so nothing secret is ever written to the database in plaintext.
 */
export interface SecretStore {
  get(name: string): string | null;
  /** null deletes. */
  set(name: string, value: string | null): void;
  source(name: string): 'env' | 'store' | null;
}

/** `mcp:3:env:API_KEY` → `PAI_SECRET_MCP_3_ENV_API_KEY`. */
export function secretEnvName(key: string): string {
  return `PAI_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  private readonly deleted = new Set<string>();

  constructor(private readonly env: NodeJS.ProcessEnv = {}) {}

  get(name: string): string | null {
    const v = this.values.get(name);
    if (v !== undefined) return v;
    if (this.deleted.has(name)) return null;
    return this.env[secretEnvName(name)] || null;
  }

  set(name: string, value: string | null): void {
    if (value) {
      this.deleted.delete(name);
      this.values.set(name, value);
    } else {
      this.values.delete(name);
      this.deleted.add(name);
    }
  }

  source(name: string): 'env' | 'store' | null {
    if (this.values.has(name)) return 'store';
    return this.get(name) ? 'env' : null;
  }
}

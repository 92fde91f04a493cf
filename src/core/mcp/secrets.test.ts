import { describe, expect, it } from 'vitest';
import { MemorySecretStore, secretEnvName } from './secrets';

describe('MemorySecretStore', () => {
  it('falls back to PAI_SECRET_* env vars; a stored value wins; null deletes (env included)', () => {
    const env = { [secretEnvName('web:search:api_key')]: 'from-env' };
    expect(secretEnvName('mcp:3:env:API_KEY')).toBe('PAI_SECRET_MCP_3_ENV_API_KEY');
    const s = new MemorySecretStore(env);
    expect(s.get('web:search:api_key')).toBe('from-env');
    expect(s.source('web:search:api_key')).toBe('env');
    s.set('web:search:api_key', 'stored');
    expect(s.get('web:search:api_key')).toBe('stored');
    expect(s.source('web:search:api_key')).toBe('store');
    s.set('web:search:api_key', null);
    expect(s.get('web:search:api_key')).toBeNull();
    expect(s.source('web:search:api_key')).toBeNull();
  });
});

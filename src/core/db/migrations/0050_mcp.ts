import type { Migration } from './index';

/**
 * MCP servers the person configured and the pinned definitions of their tools.
 * Secret values (env vars, headers) live in the SecretStore; only their names are here.
 */
export const m0050: Migration = {
  version: 50,
  name: 'mcp',
  sql: `
CREATE TABLE mcp_servers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  transport TEXT NOT NULL CHECK (transport IN ('stdio','http')),
  command TEXT,
  args_json TEXT NOT NULL DEFAULT '[]',
  env_keys_json TEXT NOT NULL DEFAULT '[]',
  url TEXT,
  header_keys_json TEXT NOT NULL DEFAULT '[]',
  enabled INTEGER NOT NULL DEFAULT 1,
  allowlist_json TEXT,
  status TEXT NOT NULL DEFAULT 'idle',
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE mcp_tool_pins (
  server_id INTEGER NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  tool_name TEXT NOT NULL,
  definition_hash TEXT NOT NULL,
  approved_at TEXT NOT NULL,
  PRIMARY KEY (server_id, tool_name)
);
`,
};

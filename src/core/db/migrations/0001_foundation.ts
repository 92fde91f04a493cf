import type { Migration } from './index';

export const m0001: Migration = {
  version: 1,
  name: 'foundation',
  sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  nickname TEXT NOT NULL DEFAULT '',
  ai_name TEXT NOT NULL DEFAULT '',
  ai_emoji TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  platform TEXT NOT NULL DEFAULT 'desktop',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
INSERT INTO users (id, nickname) VALUES (1, '');

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id INTEGER,
  before_json TEXT,
  after_json TEXT,
  conversation_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX audit_log_entity ON audit_log(entity, entity_id);

CREATE TABLE tool_usage (
  id INTEGER PRIMARY KEY,
  tool_source TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  success INTEGER NOT NULL,
  latency_ms REAL NOT NULL,
  error TEXT,
  user_id INTEGER,
  platform TEXT,
  conversation_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX tool_usage_name ON tool_usage(tool_source, tool_name);

CREATE TABLE tool_settings (
  tool_source TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  approval TEXT NOT NULL DEFAULT 'default' CHECK (approval IN ('default','ask','always_allow')),
  PRIMARY KEY (tool_source, tool_name)
);
`,
};

import type { Migration } from './index';

/**
 * Batch-write previews of ledger_text2sql: which rows a preview showed and
 * their content fingerprints, so a commit only writes rows that still look
 * exactly as the person saw them.
 */
export const m0040: Migration = {
  version: 40,
  name: 'text2sql_previews',
  sql: `
CREATE TABLE text2sql_previews (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  operation TEXT NOT NULL CHECK (operation IN ('update','delete')),
  update_fields_json TEXT NOT NULL DEFAULT '{}',
  snapshot_json TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  sql TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  committed_at INTEGER
);
CREATE INDEX text2sql_previews_user ON text2sql_previews(user_id, created_at);
`,
};

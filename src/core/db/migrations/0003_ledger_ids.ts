import type { Migration } from './index';

/**
 * Ledger ids are never reused: without AUTOINCREMENT SQLite hands a deleted
 * top id to the next insert, so an undo would collide with a different entry
 * and ids the model or the audit log remember would point at the wrong row.
 * The sequence starts above every id the audit log has seen.
 */
export const m0003: Migration = {
  version: 3,
  name: 'ledger_ids',
  sql: `
CREATE TABLE ledgers_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'CNY',
  category TEXT NOT NULL DEFAULT '其他',
  item TEXT NOT NULL DEFAULT '消费',
  image_url TEXT NOT NULL DEFAULT '',
  transaction_at INTEGER NOT NULL,
  platform TEXT NOT NULL DEFAULT 'desktop',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
INSERT INTO ledgers_new (id, user_id, amount_minor, currency, category, item, image_url, transaction_at, platform, created_at, updated_at)
  SELECT id, user_id, amount_minor, currency, category, item, image_url, transaction_at, platform, created_at, updated_at FROM ledgers;
DROP TABLE ledgers;
ALTER TABLE ledgers_new RENAME TO ledgers;
-- sqlite_sequence has no unique name, so update the row the rename kept, or add one.
UPDATE sqlite_sequence
  SET seq = MAX(seq, COALESCE((SELECT MAX(entity_id) FROM audit_log WHERE entity = 'ledger'), 0))
  WHERE name = 'ledgers';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'ledgers', COALESCE((SELECT MAX(entity_id) FROM audit_log WHERE entity = 'ledger'), 0)
  WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'ledgers');
CREATE INDEX ledgers_user_time ON ledgers(user_id, transaction_at, amount_minor, category, currency);
CREATE INDEX ledgers_user_category_time ON ledgers(user_id, category, transaction_at);
`,
};

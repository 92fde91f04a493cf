import type { Migration } from './index';

/** Money as integer minor units + currency; times as UTC instants (epoch ms). */
export const m0002: Migration = {
  version: 2,
  name: 'ledger',
  sql: `
CREATE TABLE ledgers (
  id INTEGER PRIMARY KEY,
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
-- Covering index: range lists and month/category sums read only the index.
CREATE INDEX ledgers_user_time ON ledgers(user_id, transaction_at, amount_minor, category, currency);
CREATE INDEX ledgers_user_category_time ON ledgers(user_id, category, transaction_at);
`,
};

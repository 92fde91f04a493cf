import type { Migration } from './index';

/**
 * Lists sort by (transaction_at, id). In the old ledgers_user_time the rowid
 * came after amount/category/currency, so ties forced a sort and a table read
 * of the whole month; with id right after transaction_at a page of 100 comes
 * straight off the index, which still covers sums over a time range.
 */
export const m0004: Migration = {
  version: 4,
  name: 'ledger_list_index',
  sql: `
DROP INDEX ledgers_user_time;
CREATE INDEX ledgers_user_time ON ledgers(user_id, transaction_at, id, amount_minor, category, currency);
`,
};

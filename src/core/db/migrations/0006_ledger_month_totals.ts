import type { Migration } from './index';

// UTC calendar month as months since 1970-01, with floor semantics before 1970.
const month = (col: string) => {
  const secs = `(CASE WHEN ${col} >= 0 THEN ${col} / 1000 ELSE (${col} - 999) / 1000 END)`;
  return `((CAST(strftime('%Y', ${secs}, 'unixepoch') AS INTEGER) - 1970) * 12 + CAST(strftime('%m', ${secs}, 'unixepoch') AS INTEGER) - 1)`;
};
const key =
  'user_id = OLD.user_id AND currency = OLD.currency AND month = ' +
  month('OLD.transaction_at') +
  ' AND category = OLD.category';
const add = `INSERT INTO ledger_month_totals (user_id, currency, category, month, minor, n)
    VALUES (NEW.user_id, NEW.currency, NEW.category, ${month('NEW.transaction_at')}, NEW.amount_minor, 1)
    ON CONFLICT (user_id, currency, month, category) DO UPDATE SET minor = minor + excluded.minor, n = n + 1;`;
const remove = `UPDATE ledger_month_totals SET minor = minor - OLD.amount_minor, n = n - 1 WHERE ${key};
  DELETE FROM ledger_month_totals WHERE ${key} AND n = 0;`;

/**
 * Per-UTC-month totals by (user, currency, category), kept by triggers like
 * the day totals of migration 5. Category totals over a long range read whole
 * months from here and only the edges from the day totals (ledger/summary.ts).
 */
export const m0006: Migration = {
  version: 6,
  name: 'ledger_month_totals',
  sql: `
CREATE TABLE ledger_month_totals (
  user_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  category TEXT NOT NULL,
  month INTEGER NOT NULL,
  minor INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (user_id, currency, month, category)
) WITHOUT ROWID;

INSERT INTO ledger_month_totals (user_id, currency, category, month, minor, n)
  SELECT user_id, currency, category, ${month('transaction_at')}, SUM(amount_minor), COUNT(*)
  FROM ledgers GROUP BY 1, 2, 3, 4;

CREATE TRIGGER ledgers_month_totals_insert AFTER INSERT ON ledgers BEGIN
  ${add}
END;
CREATE TRIGGER ledgers_month_totals_delete AFTER DELETE ON ledgers BEGIN
  ${remove}
END;
CREATE TRIGGER ledgers_month_totals_update AFTER UPDATE OF user_id, currency, category, transaction_at, amount_minor ON ledgers BEGIN
  ${remove}
  ${add}
END;
`,
};

import type { Migration } from './index';

// floor(transaction_at / day) also for instants before 1970 (SQLite's / truncates).
const day = (col: string) =>
  `(CASE WHEN ${col} >= 0 THEN ${col} / 86400000 ELSE (${col} + 1) / 86400000 - 1 END)`;

/**
 * Per-UTC-day totals by (user, currency, category), kept by triggers so every
 * writer (service, undo, text2sql) keeps them right in the same transaction.
 * A year summary reads ~3k of these plus the rows of the partial days at its
 * local-month edges instead of every row (see ledger/summary.ts).
 */
export const m0005: Migration = {
  version: 5,
  name: 'ledger_day_totals',
  sql: `
CREATE TABLE ledger_day_totals (
  user_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  category TEXT NOT NULL,
  day INTEGER NOT NULL,
  minor INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (user_id, currency, day, category)
) WITHOUT ROWID;

INSERT INTO ledger_day_totals (user_id, currency, category, day, minor, n)
  SELECT user_id, currency, category, ${day('transaction_at')}, SUM(amount_minor), COUNT(*)
  FROM ledgers GROUP BY 1, 2, 3, 4;

CREATE TRIGGER ledgers_day_totals_insert AFTER INSERT ON ledgers BEGIN
  INSERT INTO ledger_day_totals (user_id, currency, category, day, minor, n)
    VALUES (NEW.user_id, NEW.currency, NEW.category, ${day('NEW.transaction_at')}, NEW.amount_minor, 1)
    ON CONFLICT (user_id, currency, day, category) DO UPDATE SET minor = minor + excluded.minor, n = n + 1;
END;

CREATE TRIGGER ledgers_day_totals_delete AFTER DELETE ON ledgers BEGIN
  UPDATE ledger_day_totals SET minor = minor - OLD.amount_minor, n = n - 1
    WHERE user_id = OLD.user_id AND currency = OLD.currency AND day = ${day('OLD.transaction_at')} AND category = OLD.category;
  DELETE FROM ledger_day_totals
    WHERE user_id = OLD.user_id AND currency = OLD.currency AND day = ${day('OLD.transaction_at')} AND category = OLD.category AND n = 0;
END;

CREATE TRIGGER ledgers_day_totals_update AFTER UPDATE OF user_id, currency, category, transaction_at, amount_minor ON ledgers BEGIN
  UPDATE ledger_day_totals SET minor = minor - OLD.amount_minor, n = n - 1
    WHERE user_id = OLD.user_id AND currency = OLD.currency AND day = ${day('OLD.transaction_at')} AND category = OLD.category;
  DELETE FROM ledger_day_totals
    WHERE user_id = OLD.user_id AND currency = OLD.currency AND day = ${day('OLD.transaction_at')} AND category = OLD.category AND n = 0;
  INSERT INTO ledger_day_totals (user_id, currency, category, day, minor, n)
    VALUES (NEW.user_id, NEW.currency, NEW.category, ${day('NEW.transaction_at')}, NEW.amount_minor, 1)
    ON CONFLICT (user_id, currency, day, category) DO UPDATE SET minor = minor + excluded.minor, n = n + 1;
END;
`,
};

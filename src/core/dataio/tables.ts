import type { Db } from '../db/connection';

/** Never exported or imported: bookkeeping that the target database has its own copy of. */
export const INTERNAL_TABLES = new Set(['schema_migrations']);
/** Kept by triggers from their source rows (ledger totals): importing the rows rebuilds them. */
export const DERIVED_TABLES = new Set(['ledger_day_totals', 'ledger_month_totals']);
/**
 * Caches the app recomputes from other data: memory_ann holds the compact form of
 * the memory vectors (vec0, itself not exported; the indexer re-embeds).
 */
export const CACHE_TABLES = new Set(['memory_ann']);
/** Tables whose migrations seed rows; a data folder with only those rows still counts as empty. */
export const SEEDED_TABLES = new Set(['users']);

/** Names that hold credentials. Such tables, columns and settings fields never leave the database. */
export const SECRET_NAME =
  /(api[_-]?key|secret|password|passwd|token|authorization|credential|private[_-]?key)/i;

export interface TableInfo {
  name: string;
  columns: string[];
  withoutRowid: boolean;
}

/**
 * The user tables to export: every ordinary table except SQLite's own, our
 * bookkeeping, virtual tables (vector indexes are rebuilt from their source
 * rows) and their shadow tables, and anything named like a secret store.
 */
export function exportableTables(db: Db): TableInfo[] {
  const all = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string | null }[];
  const virtual = all
    .filter((t) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(t.sql ?? ''))
    .map((t) => t.name);
  return all
    .filter(
      (t) =>
        !INTERNAL_TABLES.has(t.name) && !DERIVED_TABLES.has(t.name) && !CACHE_TABLES.has(t.name),
    )
    .filter((t) => !virtual.includes(t.name) && !virtual.some((v) => t.name.startsWith(`${v}_`)))
    .filter((t) => !SECRET_NAME.test(t.name))
    .map((t) => ({
      name: t.name,
      columns: (
        db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).all(t.name) as {
          name: string;
        }[]
      ).map((c) => c.name),
      withoutRowid: /WITHOUT\s+ROWID\s*;?\s*$/i.test(t.sql ?? ''),
    }));
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows in a stable order (rowid, or all columns for WITHOUT ROWID tables) so two exports compare equal. */
export function selectAllOrdered(db: Db, t: TableInfo): unknown[][] {
  const cols = t.columns.map(quoteIdent).join(', ');
  const order = t.withoutRowid ? t.columns.map((_c, i) => String(i + 1)).join(', ') : 'rowid';
  return db
    .prepare(`SELECT ${cols} FROM ${quoteIdent(t.name)} ORDER BY ${order}`)
    .raw(true)
    .all() as unknown[][];
}

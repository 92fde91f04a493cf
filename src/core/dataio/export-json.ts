import { z } from 'zod';
import type { Db } from '../db/connection';
import { MIGRATIONS } from '../db/migrations';
import { exportableTables, SECRET_NAME, selectAllOrdered } from './tables';

export const EXPORT_FORMAT = 'pai-export';
export const EXPORT_FORMAT_VERSION = 1;

const cellSchema = z.union([
  z.string(),
  z.number(),
  z.null(),
  z.object({ $blob: z.string() }).strict(),
]);
export type Cell = z.infer<typeof cellSchema>;

export const exportDocSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  format_version: z.literal(EXPORT_FORMAT_VERSION),
  /** Highest migration applied in the exporting database. */
  schema_version: z.number().int(),
  migrations: z.array(z.number().int()),
  exported_at: z.string(),
  app_version: z.string(),
  /** Fields left out because they look like credentials ("settings:providers.apiKey"). */
  redacted: z.array(z.string()),
  tables: z.record(
    z.string(),
    z.object({ columns: z.array(z.string()).min(1), rows: z.array(z.array(cellSchema)) }),
  ),
});
export type ExportDoc = z.infer<typeof exportDocSchema>;

function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (Buffer.isBuffer(v)) return { $blob: v.toString('base64') };
  return String(v);
}

/** Removes credential-looking fields from a settings value, recording their paths. */
function scrub(value: unknown, path: string, redacted: string[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => scrub(v, `${path}[${i}]`, redacted));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_NAME.test(k)) redacted.push(`${path}.${k}`);
      else out[k] = scrub(v, `${path}.${k}`, redacted);
    }
    return out;
  }
  return value;
}

/**
 * Everything the person owns, as one versioned JSON document: every user
 * table (settings included) with its columns and rows. Credentials never
 * leave: secret-named tables, columns and settings fields are left out and
 * listed in `redacted`.
 */
export function buildExport(db: Db, meta: { exportedAt: string; appVersion: string }): ExportDoc {
  const redacted: string[] = [];
  const tables: ExportDoc['tables'] = {};
  for (const t of exportableTables(db)) {
    const secretCols = new Set(t.columns.filter((c) => SECRET_NAME.test(c)));
    const columns = t.columns.filter((c) => !secretCols.has(c));
    for (const c of secretCols) redacted.push(`${t.name}.${c}`);
    const keep = t.columns.map((c) => !secretCols.has(c));
    const rows: Cell[][] = [];
    for (const raw of selectAllOrdered(db, t)) {
      let row = raw.filter((_v, i) => keep[i]).map(toCell);
      if (t.name === 'settings') {
        const key = String(row[columns.indexOf('key')]);
        if (SECRET_NAME.test(key)) {
          redacted.push(`settings:${key}`);
          continue;
        }
        const vi = columns.indexOf('value');
        try {
          const clean = JSON.stringify(
            scrub(JSON.parse(String(row[vi])), `settings:${key}`, redacted),
          );
          row = row.map((v, i) => (i === vi ? clean : v));
        } catch {
          // Not JSON: kept as written.
        }
      }
      rows.push(row);
    }
    tables[t.name] = { columns, rows };
  }
  const applied = (
    db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as {
      version: number;
    }[]
  ).map((r) => r.version);
  return {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    schema_version: applied.at(-1) ?? 0,
    migrations: applied,
    exported_at: meta.exportedAt,
    app_version: meta.appVersion,
    redacted,
    tables,
  };
}

export const KNOWN_MIGRATIONS = new Set(MIGRATIONS.map((m) => m.version));

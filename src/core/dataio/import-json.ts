import type { Db } from '../db/connection';
import { PaiError } from '../../shared/errors';
import { formatZodError } from '../../shared/errors';
import { exportDocSchema, KNOWN_MIGRATIONS, type Cell, type ExportDoc } from './export-json';
import { exportableTables, quoteIdent, SEEDED_TABLES } from './tables';

function fromCell(c: Cell): unknown {
  return c !== null && typeof c === 'object' ? Buffer.from(c.$blob, 'base64') : c;
}

/** Reads and checks a JSON export; a wrong or damaged file is refused with the reason. */
export function readExportDoc(text: string): ExportDoc {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `导出文件不是有效的 JSON (the export is not valid JSON): ${(e as Error).message}`,
    );
  }
  const parsed = exportDocSchema.safeParse(raw);
  if (!parsed.success) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `不是 Pai 的导出文件 (not a Pai export): ${formatZodError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/**
 * Loads a full export into a database that holds no user data yet (only rows
 * that migrations seed), in one transaction: all of it or none of it.
 */
export function importExportDoc(db: Db, doc: ExportDoc): { tables: number; rows: number } {
  const unknown = doc.migrations.filter((v) => !KNOWN_MIGRATIONS.has(v));
  if (unknown.length > 0) {
    throw new PaiError(
      'DB_NEWER_THAN_APP',
      `导出来自更新版本的 Pai (the export was made by a newer Pai, schema ${Math.max(...unknown)})`,
    );
  }
  const target = new Map(exportableTables(db).map((t) => [t.name, t]));
  for (const [name, t] of Object.entries(doc.tables)) {
    const have = target.get(name);
    if (!have)
      throw new PaiError(
        'VALIDATION_FAILED',
        `这个版本没有表 ${name} (this version has no table ${name})`,
      );
    const missing = t.columns.filter((c) => !have.columns.includes(c));
    if (missing.length)
      throw new PaiError(
        'VALIDATION_FAILED',
        `表 ${name} 没有列 ${missing.join(', ')} (unknown columns)`,
      );
    const bad = t.rows.findIndex((r) => r.length !== t.columns.length);
    if (bad >= 0)
      throw new PaiError(
        'VALIDATION_FAILED',
        `表 ${name} 第 ${bad + 1} 行列数不对 (row ${bad + 1} has the wrong number of cells)`,
      );
  }
  for (const t of target.values()) {
    const n = (db.prepare(`SELECT COUNT(*) AS n FROM ${quoteIdent(t.name)}`).get() as { n: number })
      .n;
    if (n > (SEEDED_TABLES.has(t.name) ? 1 : 0)) {
      throw new PaiError(
        'CONFLICT',
        `目标数据文件夹不是空的（${t.name} 有 ${n} 行），完整导入只能导入到空文件夹 (the data folder is not empty; a full import needs an empty one)`,
      );
    }
  }
  let rows = 0;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const [name, t] of Object.entries(doc.tables)) {
        db.prepare(`DELETE FROM ${quoteIdent(name)}`).run();
        const insert = db.prepare(
          `INSERT INTO ${quoteIdent(name)} (${t.columns.map(quoteIdent).join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`,
        );
        for (const r of t.rows) insert.run(...r.map(fromCell));
        rows += t.rows.length;
      }
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0)
        throw new PaiError(
          'VALIDATION_FAILED',
          `导出文件里的引用不完整 (the export has ${broken.length} broken references)`,
        );
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  return { tables: Object.keys(doc.tables).length, rows };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import type { Actor } from '../audit/service';
import type { EventBus } from '../events';
import type { LedgerService } from '../ledger/service';
import type { CsvMapping, CsvPreview } from '../../shared/contract';
import { toLocalIso } from '../time';
import { buildExport, type ExportDoc } from './export-json';
import { importExportDoc, readExportDoc } from './import-json';
import { importCsv, previewCsv, type CsvInput } from './csv-import';
import { ledgerToCsv } from './ledger-csv';

export const EXPORT_DIR = 'exports';

export interface DataDeps {
  db: Db;
  dataDir: string;
  clock: Clock;
  events: EventBus;
  ledger: LedgerService;
  timeZone: () => string;
  currency: () => string;
  appVersion: string;
}

/** Export everything (JSON) or the ledger (CSV); import a ledger CSV or a full export. */
export class DataService {
  constructor(private readonly d: DataDeps) {}

  exportJson(): ExportDoc {
    return buildExport(this.d.db, {
      exportedAt: toLocalIso(this.d.clock.now(), this.d.timeZone()),
      appVersion: this.d.appVersion,
    });
  }

  exportLedgerCsv(userId: number): { csv: string; rows: number } {
    return ledgerToCsv(this.d.ledger, userId);
  }

  /** Writes the export into <dataDir>/exports/ (or `path`) and says where. */
  writeExport(
    userId: number,
    format: 'json' | 'ledger_csv',
    path?: string,
  ): { path: string; bytes: number; rows: number } {
    const stamp = DateTime.fromMillis(this.d.clock.now(), { zone: 'utc' }).toFormat(
      'yyyyLLdd-HHmmss',
    );
    let text: string;
    let rows: number;
    if (format === 'json') {
      const doc = this.exportJson();
      text = `${JSON.stringify(doc, null, 1)}\n`;
      rows = Object.values(doc.tables).reduce((n, t) => n + t.rows.length, 0);
    } else {
      ({ csv: text, rows } = this.exportLedgerCsv(userId));
    }
    const target =
      path ??
      join(
        this.d.dataDir,
        EXPORT_DIR,
        format === 'json' ? `pai-export-${stamp}.json` : `pai-ledger-${stamp}.csv`,
      );
    if (!path) mkdirSync(join(this.d.dataDir, EXPORT_DIR), { recursive: true });
    writeFileSync(target, text, 'utf8');
    return { path: target, bytes: Buffer.byteLength(text, 'utf8'), rows };
  }

  previewCsv(userId: number, input: CsvInput & { limit?: number }): CsvPreview {
    return previewCsv(input, this.ctx(userId, 'user'));
  }

  importCsv(
    userId: number,
    input: CsvInput & { mapping: CsvMapping; skip_duplicates?: boolean },
    actor: Actor,
  ) {
    return importCsv(input, { ...this.ctx(userId, actor), ledger: this.d.ledger });
  }

  /** Loads a full JSON export; only into a data folder that has no data yet. */
  importJson(text: string): { tables: number; rows: number } {
    const res = importExportDoc(this.d.db, readExportDoc(text));
    this.d.events.emit('data.changed', { domain: '*' });
    return res;
  }

  private ctx(userId: number, actor: Actor) {
    return {
      db: this.d.db,
      userId,
      actor,
      timeZone: this.d.timeZone(),
      currency: this.d.currency(),
    };
  }
}

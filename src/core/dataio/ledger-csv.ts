import Papa from 'papaparse';
import type { LedgerService } from '../ledger/service';

export const LEDGER_CSV_COLUMNS = [
  'id',
  'transaction_date',
  'amount',
  'currency',
  'category',
  'item',
  'image_url',
] as const;

/**
 * The ledger as CSV (UTF-8 with BOM so spreadsheet apps read Chinese right),
 * times as ISO with the person's offset. Cells that a spreadsheet would run as
 * formulas are prefixed with ' (the importer strips it again).
 */
export function ledgerToCsv(ledger: LedgerService, userId: number): { csv: string; rows: number } {
  const data: (string | number)[][] = [];
  const page = 1000;
  for (let offset = 0; ; offset += page) {
    const { entries } = ledger.list(userId, { order: 'asc', limit: page, offset });
    for (const e of entries)
      data.push([e.id, e.transaction_date, e.amount, e.currency, e.category, e.item, e.image_url]);
    if (entries.length < page) break;
  }
  const csv = Papa.unparse(
    { fields: [...LEDGER_CSV_COLUMNS], data },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return { csv: `\uFEFF${csv}\r\n`, rows: data.length };
}

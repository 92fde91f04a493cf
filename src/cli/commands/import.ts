import { readFileSync } from 'node:fs';
import type { CliCommand } from './index';
import { isPaiError } from '../../shared/errors';
import type { CsvMapping } from '../../shared/contract';
import {
  EXIT,
  parseCommandArgs,
  printJson,
  reportFailure,
  runCommand,
  UsageError,
  withApp,
} from './local-helpers';

const USAGE =
  'pai import --csv FILE [--map date=0,amount=1,item=2,category=3,currency=4] [--no-header|--header] [--dry-run] [--keep-duplicates] [--data-dir DIR]\n' +
  '       pai import --json EXPORT.json --data-dir EMPTY_DIR';

const FIELD: Record<string, keyof CsvMapping> = {
  date: 'transaction_date',
  transaction_date: 'transaction_date',
  amount: 'amount',
  item: 'item',
  category: 'category',
  currency: 'currency',
};

/** "date=0,amount=金额,item=2" → mapping (numbers are column indexes, anything else a header name). */
export function parseMapping(text: string): CsvMapping {
  const out: Partial<Record<keyof CsvMapping, number | string>> = {};
  for (const part of text.split(',')) {
    const [k, ...rest] = part.split('=');
    const field = FIELD[(k ?? '').trim()];
    const col = rest.join('=').trim();
    if (!field || !col)
      throw new UsageError(
        `bad --map entry "${part}" (use field=column, fields: date, amount, item, category, currency)`,
      );
    out[field] = /^\d+$/.test(col) ? Number(col) : col;
  }
  if (out.transaction_date === undefined || out.amount === undefined)
    throw new UsageError('--map needs at least date and amount');
  return out as CsvMapping;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

/**
 * `pai import --csv FILE`: previews (with --dry-run, or when no --map is given
 * it prints the suggested mapping) and imports a ledger CSV.
 * `pai import --json FILE`: loads a full export into an empty data folder.
 */
export const importCommand: CliCommand = {
  summary: '--csv FILE [--map ...] [--dry-run] | --json FILE  import a ledger CSV or a full export',
  run: (args) =>
    runCommand(USAGE, async () => {
      const { positionals, values } = parseCommandArgs(args, {
        'data-dir': { type: 'string' },
        csv: { type: 'string' },
        json: { type: 'string' },
        map: { type: 'string' },
        header: { type: 'boolean' },
        'no-header': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'keep-duplicates': { type: 'boolean' },
      });
      if (positionals.length)
        throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
      if (!!values.csv === !!values.json)
        throw new UsageError('give either --csv FILE or --json FILE');
      if (values.json) {
        const text = readText(values.json);
        return withApp(values['data-dir'], (app) => {
          try {
            printJson(app.services.data.importJson(text));
            return EXIT.ok;
          } catch (e) {
            if (!isPaiError(e)) throw e;
            process.stderr.write(`pai: ${e.code}: ${e.message}\n`);
            return EXIT.failed;
          }
        });
      }
      const csv = readText(values.csv!);
      const mapping = values.map ? parseMapping(values.map) : undefined;
      const has_header = values.header ? true : values['no-header'] ? false : undefined;
      return withApp(values['data-dir'], async (app) => {
        if (values['dry-run'] || !mapping) {
          const r = await app.dispatch(
            'data.importCsvPreview',
            { csv, mapping, has_header },
            { actor: 'cli' },
          );
          if (!r.ok) return reportFailure(r);
          printJson(r.data);
          if (!mapping)
            process.stderr.write(
              'preview only: pass --map (e.g. the suggested mapping) to import\n',
            );
          return EXIT.ok;
        }
        const r = await app.dispatch(
          'data.importCsv',
          { csv, mapping, has_header, skip_duplicates: !values['keep-duplicates'] },
          { actor: 'cli' },
        );
        if (!r.ok) return reportFailure(r);
        printJson(r.data);
        return EXIT.ok;
      });
    }),
};

import type { CliCommand } from './index';
import { LOCAL_USER_ID } from '../../core/app';
import {
  EXIT,
  parseCommandArgs,
  printJson,
  runCommand,
  UsageError,
  withApp,
} from './local-helpers';

const USAGE = 'pai export [--format json|csv] [--out FILE] [--data-dir DIR]';

/** `pai export`: everything as versioned JSON (no secrets), or the ledger as CSV. */
export const exportCommand: CliCommand = {
  summary:
    '[--format json|csv] [--out FILE] [--data-dir DIR]  export all data (JSON) or the ledger (CSV)',
  run: (args) =>
    runCommand(USAGE, async () => {
      const { positionals, values } = parseCommandArgs(args, {
        'data-dir': { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
      });
      if (positionals.length)
        throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
      const format = values.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw new UsageError('--format is json or csv');
      return withApp(values['data-dir'], (app) => {
        printJson(
          app.services.data.writeExport(
            LOCAL_USER_ID,
            format === 'json' ? 'json' : 'ledger_csv',
            values.out,
          ),
        );
        return EXIT.ok;
      });
    }),
};

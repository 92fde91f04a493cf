import type { CliCommand } from './index';
import {
  EXIT,
  parseCommandArgs,
  printJson,
  reportFailure,
  runCommand,
  UsageError,
  withApp,
} from './local-helpers';

const USAGE = 'pai backup list | create | restore <name> --yes  [--data-dir DIR]';

/** `pai backup list|create|restore <name> --yes`: verified backups in <dataDir>/backups/. */
export const backupCommand: CliCommand = {
  summary: 'list | create | restore <name> --yes  [--data-dir DIR]  verified backups of the data',
  run: (args) =>
    runCommand(USAGE, async () => {
      const { positionals, values } = parseCommandArgs(args, {
        'data-dir': { type: 'string' },
        yes: { type: 'boolean' },
      });
      const [action, name, ...extra] = positionals;
      if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
      if (action === 'restore' && !name)
        throw new UsageError('restore needs a backup name (see pai backup list)');
      if (action === 'restore' && !values.yes) {
        throw new UsageError(
          'restoring replaces the current data (kept as a pre-restore backup); add --yes to confirm',
        );
      }
      if (action !== 'list' && action !== 'create' && action !== 'restore')
        throw new UsageError('choose list, create or restore');
      return withApp(values['data-dir'], async (app) => {
        const r =
          action === 'list'
            ? await app.dispatch('backup.list', {}, { actor: 'cli' })
            : action === 'create'
              ? await app.dispatch('backup.create', {}, { actor: 'cli' })
              : await app.dispatch('backup.restore', { name, confirm: true }, { actor: 'cli' });
        if (!r.ok) return reportFailure(r);
        printJson(r.data);
        return EXIT.ok;
      });
    }),
};

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

const USAGE = 'pai quickadd "<line>" [--now <ISO time>] [--dry-run] [--data-dir DIR]';

/**
 * `pai quickadd "<line>"`: prints what the offline parser understood as JSON
 * ({kind, ledger?|reminder?|reason}) and saves it unless --dry-run.
 * Exit 0 saved (or understood, with --dry-run); 1 not understood or not saved; 2 usage.
 */
export const quickaddCommand: CliCommand = {
  summary:
    '"<line>" [--now ISO] [--dry-run] [--data-dir DIR]  parse one line into a ledger entry or reminder and save it',
  run: (args) =>
    runCommand(USAGE, async () => {
      const { positionals, values } = parseCommandArgs(args, {
        'data-dir': { type: 'string' },
        now: { type: 'string' },
        'dry-run': { type: 'boolean' },
      });
      if (positionals.length !== 1) throw new UsageError('give exactly one line, in quotes');
      const line = positionals[0]!;
      return withApp(values['data-dir'], async (app) => {
        const parsed = await app.dispatch(
          'quickadd.parse',
          { line, now: values.now },
          { actor: 'cli' },
        );
        if (!parsed.ok) return reportFailure(parsed);
        const understood = parsed.data as { kind: string };
        printJson(understood);
        if (understood.kind === 'unparsed') return EXIT.failed;
        if (values['dry-run']) return EXIT.ok;
        const saved = await app.dispatch('quickadd.save', understood, { actor: 'cli' });
        if (!saved.ok) return reportFailure(saved);
        const s = saved.data as
          | { kind: 'ledger'; entry: { id: number } }
          | { kind: 'reminder'; reminder: { id: number } };
        process.stderr.write(
          s.kind === 'ledger'
            ? `saved ledger entry #${s.entry.id}\n`
            : `saved reminder #${s.reminder.id}\n`,
        );
        return EXIT.ok;
      });
    }),
};

// Helpers the data commands (quickadd, backup, export, import) share, on top of
// the CLI's common ones in ../args.ts and ../open-app.ts.
import type { InvokeResult } from '../../shared/contract';
import { EXIT, UsageError } from '../args';

export { EXIT, UsageError, parseCommandArgs, type OptionSpec } from '../args';
export { printJson, resolveDataDir, withApp } from '../open-app';

/** Prints a failed call's envelope on stderr; returns the exit code. */
export function reportFailure(r: InvokeResult<unknown>): number {
  if (r.ok) return EXIT.ok;
  process.stderr.write(`pai: ${r.error.code}: ${r.error.message}\n`);
  return EXIT.failed;
}

/** Runs a command body, turning UsageError into exit code 2 with the usage line. */
export async function runCommand(usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`pai: ${e.message}\nusage: ${usage}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

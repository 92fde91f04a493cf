// Small CLI helpers for the data commands (quickadd, backup, export, import).
// The ledger branch has the same helpers in src/cli/args.ts and open-app.ts;
// these mirror their API so the lead can dedupe them at merge.
import { parseArgs } from 'node:util';
import { createApp, type PaiApp } from '../../core/app';
import { systemTimeZone } from '../../core/clock';
import { defaultDataDir } from '../../core/paths';
import type { InvokeResult } from '../../shared/contract';

export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

export function parseCommandArgs<O extends OptionSpec>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag || defaultDataDir(env);
}

/** Opens the engine for one command (no background loops) and always closes it. */
export async function withApp<T>(dataDirFlag: string | undefined, fn: (app: PaiApp) => Promise<T> | T): Promise<T> {
  const app = createApp({ dataDir: resolveDataDir(dataDirFlag), timeZone: systemTimeZone(), background: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

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

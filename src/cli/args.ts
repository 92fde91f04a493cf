import { parseArgs } from 'node:util';

/** A mistake in how the command was called: printed with usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Options every command that opens the data accepts. */
export const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
} as const;

export type OptionSpec = Record<
  string,
  { type: 'string' | 'boolean'; short?: string; multiple?: boolean }
>;

/** Parses `args` strictly (unknown flags are a UsageError), keeping positionals in order. */
export function parseCommandArgs<O extends OptionSpec>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** Parses a JSON argument; a mistake is the caller's (exit 2), with the parser's reason. */
export function parseJsonArg(text: string | undefined, what: string): unknown {
  if (text === undefined || text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(
      `${what} is not valid JSON (${e instanceof Error ? e.message : String(e)}): ${text.slice(0, 200)}`,
    );
  }
}

import { sqlCheck } from './sql-check';

export interface CliCommand {
  summary: string;
  /** Returns the process exit code. */
  run(args: string[]): Promise<number>;
}

// One line per command.
export const COMMANDS: Record<string, CliCommand> = {
  'sql-check': sqlCheck,
};

import { sqlCheck } from './sql-check';
import { toolCommand } from './tool';
import { toolsCommand } from './tools';

export interface CliCommand {
  summary: string;
  /** Returns the process exit code. */
  run(args: string[]): Promise<number>;
}

// One line per command.
export const COMMANDS: Record<string, CliCommand> = {
  tool: toolCommand,
  tools: toolsCommand,
  'sql-check': sqlCheck,
};

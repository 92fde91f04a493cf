import { sqlCheck } from './sql-check';
import { toolCommand } from './tool';
import { toolsCommand } from './tools';
import { chatCommand } from './chat';
import { quickaddCommand } from './quickadd';
import { backupCommand } from './backup';
import { exportCommand } from './export';
import { importCommand } from './import';

export interface CliCommand {
  summary: string;
  /** Returns the process exit code. */
  run(args: string[]): Promise<number>;
}

// One line per command.
export const COMMANDS: Record<string, CliCommand> = {
  tool: toolCommand,
  tools: toolsCommand,
  chat: chatCommand,
  quickadd: quickaddCommand,
  backup: backupCommand,
  export: exportCommand,
  import: importCommand,
  'sql-check': sqlCheck,
};

import type { CliCommand } from './index';
import { checkSql } from '../../core/text2sql/guard';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `pai sql-check '<sql>'` (or `-` for stdin): the ledger_text2sql guard's verdict as JSON. */
export const sqlCheck: CliCommand = {
  summary: "show whether the ledger SQL guard would allow a query: pai sql-check '<sql>'",
  async run(args) {
    if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
      process.stderr.write("usage: pai sql-check '<sql>'   (or: echo '<sql>' | pai sql-check -)\n");
      return 2;
    }
    const sql = args[0] === '-' ? await readStdin() : args.join(' ');
    const v = checkSql(sql);
    process.stdout.write(`${JSON.stringify({ allowed: v.allowed, reason: v.reason })}\n`);
    return v.allowed ? 0 : 1;
  },
};

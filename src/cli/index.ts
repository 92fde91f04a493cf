// `npm run pai -- <command> ...`: one file per command under commands/.
import { COMMANDS } from './commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const cmd = name ? COMMANDS[name] : undefined;
  if (!cmd) {
    const list = Object.entries(COMMANDS)
      .map(([n, c]) => `  pai ${n.padEnd(10)} ${c.summary}`)
      .join('\n');
    process.stderr.write(`usage: pai <command> [args]\n\n${list}\n`);
    return name ? 2 : 0;
  }
  return cmd.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`pai: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);

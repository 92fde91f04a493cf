// `npm run pai -- <command> ...`: one file per command under commands/.
import { COMMANDS } from './commands';
import { EXIT, UsageError } from './args';
import { isPaiError } from '../shared/errors';

function usage(): string {
  const list = Object.entries(COMMANDS)
    .map(([n, c]) => `  pai ${n.padEnd(8)} ${c.summary}`)
    .join('\n');
  return `usage: pai <command> [args]\n\n${list}\n\nData folder: --data-dir, else PAI_DATA_DIR, else the app's. Time zone: TZ.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stderr.write(usage());
    return name ? EXIT.ok : EXIT.usage;
  }
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!cmd) {
    process.stderr.write(`pai: unknown command "${name}"\n\n${usage()}`);
    return EXIT.usage;
  }
  return cmd.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`pai: ${e.message}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    // Known engine errors (e.g. DB_NEWER_THAN_APP) print their code and message, never a stack.
    const msg = isPaiError(e)
      ? `${e.code}: ${e.message}`
      : e instanceof Error
        ? e.message
        : String(e);
    process.stderr.write(`pai: ${msg}\n`);
    process.exitCode = EXIT.failed;
  },
);

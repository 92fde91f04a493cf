// `npm run web`: the engine plus the built renderer on http://127.0.0.1, for a
// browser instead of Electron. Prints the URL with the per-run token.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp } from '../core/app';
import { dataLocation } from '../core/datadir';
import { startWebhost } from './server';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'static-dir': { type: 'string' },
    },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(
      `pai web: --port must be a number from 0 to 65535, got "${values.port}"\n`,
    );
    return 2;
  }
  const staticDir = resolve(values['static-dir'] ?? resolve(ROOT, 'dist-web'));
  if (!existsSync(resolve(staticDir, 'index.html'))) {
    process.stderr.write(
      `pai web: ${staticDir}/index.html is missing; run \`npm run build:web\` first\n`,
    );
    return 1;
  }
  const { dataDir, bootstrapDir } = dataLocation(values['data-dir']);
  const app = createApp({ dataDir, bootstrapDir, background: true });
  await app.start();
  const host = await startWebhost({ app, port, staticDir });
  process.stdout.write(`Pai is running (data: ${dataDir})\nOpen ${host.url}\n`);

  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write('Stopping…\n');
  await host.close();
  await app.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`pai web: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);

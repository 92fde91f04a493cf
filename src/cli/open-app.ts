import { createApp, type PaiApp } from '../core/app';
import { systemTimeZone } from '../core/clock';
import { dataLocation } from '../core/datadir';

/** --data-dir, else PAI_DATA_DIR, else the app's own data folder (shared with the desktop app, following its data-location pointer). */
export function resolveDataDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return dataLocation(flag, env).dataDir;
}

/**
 * Opens the engine for one command (no background loops), runs `fn`, and
 * always closes the database, so a CLI call never leaves a lock behind.
 */
export async function withApp<T>(
  dataDirFlag: string | undefined,
  fn: (app: PaiApp) => Promise<T> | T,
): Promise<T> {
  const app = createApp({
    ...dataLocation(dataDirFlag),
    timeZone: systemTimeZone(),
    background: false,
  });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

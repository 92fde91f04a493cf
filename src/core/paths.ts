import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Pai';
export const DB_FILE = 'pai.db';

/** The same folder Electron's app.getPath('userData') gives for "Pai", so CLI and app share data. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PAI_DATA_DIR) return env.PAI_DATA_DIR;
  switch (process.platform) {
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support', APP_NAME);
    case 'win32':
      return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), APP_NAME);
    default:
      return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), APP_NAME);
  }
}

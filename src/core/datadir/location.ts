import { defaultDataDir } from '../paths';
import { resolveDataDir } from './pointer';

export interface DataLocation {
  dataDir: string;
  /** Where the pointer lives: always the default folder, so a setting made anywhere is found at the next start. */
  bootstrapDir: string;
}

/** --data-dir, else PAI_DATA_DIR, else the folder the pointer in the default folder names, else the default folder. */
export function dataLocation(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): DataLocation {
  const bootstrapDir = defaultDataDir({ ...env, PAI_DATA_DIR: undefined });
  const explicit = flag || env.PAI_DATA_DIR;
  return { dataDir: explicit || resolveDataDir(bootstrapDir), bootstrapDir };
}

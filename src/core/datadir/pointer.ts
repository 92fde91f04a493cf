// The data-location pointer: a small JSON file in a fixed bootstrap folder
// (default data folder / Electron userData) naming a custom data folder.
import {
  accessSync,
  constants,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';

export const POINTER_FILE = 'data-location.json';

const pointerSchema = z.object({ path: z.string().min(1).max(1024) });

/** The folder recorded in the pointer, or null when there is none or it is unreadable. */
export function readPointer(bootstrapDir: string): string | null {
  try {
    const raw = readFileSync(join(bootstrapDir, POINTER_FILE), 'utf8');
    const parsed = pointerSchema.safeParse(JSON.parse(raw));
    return parsed.success && isAbsolute(parsed.data.path) ? parsed.data.path : null;
  } catch {
    return null;
  }
}

function usableDir(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
    accessSync(dir, constants.R_OK | constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The pointer's folder when it exists and is usable, else the bootstrap folder itself. */
export function resolveDataDir(bootstrapDir: string): string {
  const target = readPointer(bootstrapDir);
  return target && usableDir(target) ? target : bootstrapDir;
}

/** Writes (or, with null, removes) the pointer atomically: temp file + rename. */
export function writePointer(bootstrapDir: string, target: string | null): void {
  const file = join(bootstrapDir, POINTER_FILE);
  if (target === null) {
    if (existsSync(file)) rmSync(file, { force: true });
    return;
  }
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, `${JSON.stringify({ path: target }, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` (db, -wal, -shm, backups, exports, anything else), relative paths. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** Files under `dir` whose bytes contain `needle` as UTF-8 or UTF-16LE text. */
export function filesContaining(dir: string, needle: string): string[] {
  const utf8 = Buffer.from(needle, 'utf8');
  const utf16 = Buffer.from(needle, 'utf16le');
  return listFiles(dir).filter((f) => {
    const bytes = readFileSync(join(dir, f));
    return bytes.includes(utf8) || bytes.includes(utf16);
  });
}

// Switches better-sqlite3 between the Node build (tests, CLI, webhost) and the
// Electron build (npm start) so neither needs a manual step. A marker records
// which runtime the current binary was built for; rebuilding only on change.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  console.error('usage: native-build.mjs node|electron');
  process.exit(2);
}
const marker = join('node_modules', '.pai-native-target');
const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';

function nodeLoads() {
  const probe = "const D=require('better-sqlite3');new D(':memory:').close()";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

if (target === 'node') {
  if (current === 'node' || (current === '' && nodeLoads())) {
    writeFileSync(marker, 'node');
    process.exit(0);
  }
  console.error('[pai] rebuilding better-sqlite3 for Node…');
  execSync('npm rebuild better-sqlite3', { stdio: 'inherit' });
  writeFileSync(marker, 'node');
} else {
  if (current === 'electron') process.exit(0);
  console.error('[pai] rebuilding native modules for Electron…');
  execSync('npx electron-builder install-app-deps', { stdio: 'inherit' });
  writeFileSync(marker, 'electron');
}

// Runs Electronegativity over the Electron shell (src/main, src/preload) and
// fails on any HIGH or MEDIUM finding not excluded below with a reason.
// Part of `npm test`. Offline: the tool's release lookup fails harmlessly;
// the Electron version is given explicitly.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Papa from 'papaparse';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'node_modules/@doyensec/electronegativity/dist/index.js');
const TARGETS = ['src/main', 'src/preload'];
const ELECTRON = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version;

/** Checks deliberately not failing the build, each with why. */
const EXCLUDED = {
  // A "review this" marker on every preload, not a defect: ours exposes only
  // invoke(name, input) and on(event) over the zod-checked contract, with
  // contextIsolation and sandbox on (src/preload/index.ts).
  PRELOAD_JS_CHECK: 'preload reviewed: contract-only bridge, isolated and sandboxed',
  // Flags every shell.openExternal call. Ours opens only http(s) URLs, and only
  // links the person clicked (window-open / navigation guards in window.ts).
  OPEN_EXTERNAL_JS_CHECK: 'openExternal limited to http(s) links from the navigation guards',
  // The scanner's CSP parser cannot read a policy built at run time (csp.ts
  // assembles it from the renderer origin and sets it on every response).
  CSP_GLOBAL_CHECK: 'CSP is assembled at run time in src/main/csp.ts, which the scanner cannot parse',
};

const dir = mkdtempSync(join(tmpdir(), 'pai-eng-'));
const failures = [];
let seen = 0;
try {
  // One scan over both folders together: the global checks (navigation limits,
  // permission handler) look across files, so scanning the preload alone would miss main's.
  const shell = join(dir, 'shell');
  for (const target of TARGETS) cpSync(join(ROOT, target), join(shell, target), { recursive: true });
  {
    const out = join(dir, 'findings.csv');
    execFileSync(process.execPath, [CLI, '-i', shell, '-o', out, '-e', ELECTRON, '-r'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const { data } = Papa.parse(readFileSync(out, 'utf8').trim(), { header: true, transformHeader: (h) => h.trim() });
    for (const row of data) {
      if (!row.issue) continue;
      seen += 1;
      const severity = String(row.severity).toUpperCase();
      const where = `${row.filename} ${row.location}`;
      if (EXCLUDED[row.issue]) {
        console.log(`electronegativity: excluded ${row.issue} (${severity}) at ${where}: ${EXCLUDED[row.issue]}`);
      } else if (severity === 'HIGH' || severity === 'MEDIUM') {
        failures.push(`${row.issue} ${severity} ${where}: ${row.description}\n    ${row.sample}`);
      } else {
        console.log(`electronegativity: ${row.issue} (${severity}) at ${where}`);
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`electronegativity: ${failures.length} HIGH/MEDIUM finding(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`electronegativity: 0 HIGH/MEDIUM findings in ${TARGETS.join(', ')} (${seen} reported, Electron ${ELECTRON}).`);

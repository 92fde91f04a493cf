// Child process of tests/crash.test.ts: writes ledger rows through LedgerService
// in a loop and prints each committed id, until it is killed.
import { writeSync } from 'node:fs';
import { createApp } from '../../src/core/app';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const app = createApp({ dataDir, timeZone: 'Asia/Shanghai', env: {} });
const ledger = app.services.ledger;
writeSync(1, 'ready\n');
for (let i = 0; ; i++) {
  const e = ledger.create(
    1,
    { amount: (i % 1000) / 100 + 0.01, category: '测试', item: `crash ${process.pid} #${i}` },
    { actor: 'system' },
  );
  // Only after the commit returned: this id is promised to be durable.
  writeSync(1, `${e.id}\n`);
  if (i % 7 === 0)
    ledger.update(1, e.id, { item: `crash ${process.pid} #${i} (edited)` }, { actor: 'system' });
}

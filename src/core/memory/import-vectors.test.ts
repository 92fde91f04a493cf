import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaiApp } from '../app';

// Vectors (vec0) and their compact copies (memory_ann) are not exported; an
// imported data folder must get them back from the memory rows.
const apps: PaiApp[] = [];
const dirs: string[] = [];
function open(): PaiApp {
  const dir = mkdtempSync(join(tmpdir(), 'pai-memimport-'));
  dirs.push(dir);
  const app = createApp({ dataDir: dir, timeZone: 'Asia/Shanghai', background: false });
  apps.push(app);
  return app;
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('memory vectors after a full import', () => {
  it('are rebuilt by the indexer, and recall finds memories by vector again', async () => {
    const src = open();
    src.services.memory.service.save(1, { content: '我对花生过敏' }, { actor: 'user' });
    src.services.memory.service.save(
      1,
      { content: 'I am learning to play chess online' },
      { actor: 'user' },
    );
    await src.services.memory.indexer.drain();
    const file = src.services.data.writeExport(1, 'json').path;

    const dst = open();
    dst.services.data.importJson(readFileSync(file, 'utf8'));
    await dst.services.memory.indexer.drain();
    expect(dst.services.memory.service.vectors.count()).toBe(2);
    const hits = await dst.services.memory.service.recall(1, 'chess', 1, { touch: false });
    expect(hits[0]).toMatchObject({ content: 'I am learning to play chess online' });
    expect(hits[0]!.matched_by).toContain('vector');
  });
});

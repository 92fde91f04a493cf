import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OcrEngine, packagedTraineddata, prepareLangDir, type OcrProgress } from './ocr';
import { extractFromText } from './text-extract';
import { hasImageMagick, RECEIPTS, renderReceipt } from '../../../tests/helpers/receipt-images';

// A subset here; all 24 run in `npx tsx bench/ocr.ts` (hit rate in bench/results/ocr.json).
const SUBSET = ['zh-coffee', 'zh-supermarket', 'zh-didi', 'en-cafe', 'en-grocery', 'en-restaurant'];

describe.skipIf(!hasImageMagick())('offline OCR (packaged chi_sim + eng, no network)', () => {
  let dir: string;
  let engine: OcrEngine;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-ocr-'));
    engine = new OcrEngine(join(dir, 'cache'));
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads language data from the npm packages, not the network', () => {
    const langDir = prepareLangDir(join(dir, 'cache'));
    for (const lang of ['chi_sim', 'eng']) {
      const f = join(langDir, `${lang}.traineddata.gz`);
      const target = lstatSync(f).isSymbolicLink() ? readlinkSync(f) : f;
      expect(readFileSync(target).equals(readFileSync(packagedTraineddata(lang)))).toBe(true);
      expect(packagedTraineddata(lang)).toContain(join('node_modules', '@tesseract.js-data', lang));
    }
  });

  it(`recovers the amount on rendered receipts (${SUBSET.length} of ${RECEIPTS.length}), with progress`, async () => {
    let hits = 0;
    const progress: OcrProgress[] = [];
    for (const name of SUBSET) {
      const spec = RECEIPTS.find((r) => r.name === name)!;
      const r = await engine.recognize(readFileSync(renderReceipt(spec, dir)), (p) =>
        progress.push(p),
      );
      if (extractFromText(r.text).amount === spec.amount) hits++;
    }
    expect(hits).toBeGreaterThanOrEqual(SUBSET.length - 1); // measured: 6/6 here, 24/24 in the bench
    expect(progress.some((p) => p.status === 'recognizing text')).toBe(true);
    expect(progress.at(-1)).toEqual({ status: 'done', progress: 1 });
  }, 180_000);
});

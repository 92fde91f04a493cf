// Offline receipt OCR accuracy and speed: renders the receipts of
// tests/helpers/receipt-images.ts, OCRs them with the packaged chi_sim+eng data,
// extracts the amount, and reports the hit rate. Figures go to bench/results/ocr.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OcrEngine } from '../src/core/vision/ocr';
import { extractFromText } from '../src/core/vision/text-extract';
import { RECEIPTS, renderReceipt, type ReceiptSpec } from '../tests/helpers/receipt-images';

export interface OcrCase {
  name: string;
  lang: string;
  expected: number;
  found: number | null;
  hit: boolean;
  ms: number;
}

export async function ocrHitRate(
  specs: ReceiptSpec[] = RECEIPTS,
): Promise<{ cases: OcrCase[]; hitRate: number; initMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'pai-ocr-'));
  const engine = new OcrEngine(join(dir, 'cache'));
  try {
    const t0 = performance.now();
    await engine.recognize(readFileSync(renderReceipt(specs[0], dir))); // warm-up: worker + language data
    const initMs = performance.now() - t0;
    const cases: OcrCase[] = [];
    for (const spec of specs) {
      const png = readFileSync(renderReceipt(spec, dir));
      const started = performance.now();
      const ocr = await engine.recognize(png);
      const found = extractFromText(ocr.text).amount;
      cases.push({
        name: spec.name,
        lang: spec.lang,
        expected: spec.amount,
        found,
        hit: found !== null && Math.abs(found - spec.amount) < 0.005,
        ms: Math.round(performance.now() - started),
      });
    }
    return {
      cases,
      hitRate: cases.filter((c) => c.hit).length / cases.length,
      initMs: Math.round(initMs),
    };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const r = await ocrHitRate();
  const byLang = (lang: string) => {
    const xs = r.cases.filter((c) => c.lang === lang);
    return { n: xs.length, hits: xs.filter((c) => c.hit).length };
  };
  const figures = {
    images: r.cases.length,
    hit_rate: Number(r.hitRate.toFixed(3)),
    zh: byLang('zh'),
    en: byLang('en'),
    init_ms: r.initMs,
    median_ms_per_image: [...r.cases.map((c) => c.ms)].sort((a, b) => a - b)[
      Math.floor(r.cases.length / 2)
    ],
    misses: r.cases
      .filter((c) => !c.hit)
      .map((c) => ({ name: c.name, expected: c.expected, found: c.found })),
  };
  const out = join(fileURLToPath(new URL('.', import.meta.url)), 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'ocr.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}

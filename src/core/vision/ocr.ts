import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdirSync, symlinkSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { PaiError } from '../../shared/errors';

// eng first: with chi_sim first, tesseract's LSTM init logs a bogus "Error opening data file" (results are the same).
export const OCR_LANGS = ['eng', 'chi_sim'] as const;
/** LSTM-only "best_int" models: smaller and as accurate as the legacy ones for printed text. */
const DATA_VARIANT = '4.0.0_best_int';

export interface OcrProgress {
  status: string;
  /** 0..1 */
  progress: number;
}

export interface OcrResult {
  text: string;
  /** 0..100 from tesseract */
  confidence: number;
}

/** Resolves packages lazily; bundles without import.meta.url resolve from the working folder. */
export function moduleRequire(): NodeJS.Require {
  return createRequire(import.meta.url ?? join(process.cwd(), 'index.js'));
}

/** Where each language package keeps its traineddata (shipped in node_modules, never downloaded). */
export function packagedTraineddata(lang: string): string {
  const pkgDir = dirname(moduleRequire().resolve(`@tesseract.js-data/${lang}/package.json`));
  return join(pkgDir, DATA_VARIANT, `${lang}.traineddata.gz`);
}

/**
 * tesseract.js reads all languages from one langPath, but each language ships
 * in its own package, so a folder in the app's cache links (or, where links
 * are not allowed, copies) both files side by side.
 */
export function prepareLangDir(cacheDir: string): string {
  const dir = join(cacheDir, 'tessdata', DATA_VARIANT);
  mkdirSync(dir, { recursive: true });
  for (const lang of OCR_LANGS) {
    const src = packagedTraineddata(lang);
    const dst = join(dir, `${lang}.traineddata.gz`);
    if (existsSync(dst) && statSync(dst).size === statSync(src).size) continue;
    try {
      symlinkSync(src, dst);
    } catch {
      copyFileSync(src, dst);
    }
  }
  return dir;
}

/**
 * Offline OCR with tesseract.js. Recognition runs in tesseract's own worker
 * thread; one worker is kept and reused, jobs run one at a time.
 */
export class OcrEngine {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private onProgress: ((p: OcrProgress) => void) | null = null;

  constructor(private readonly cacheDir: string) {}

  private start(): Promise<Worker> {
    if (!this.worker) {
      const langPath = prepareLangDir(this.cacheDir);
      this.worker = createWorker([...OCR_LANGS], OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: 'none',
        logger: (m) => this.onProgress?.({ status: m.status, progress: m.progress }),
        errorHandler: () => undefined,
      }).catch((e: unknown) => {
        this.worker = null;
        throw new PaiError(
          'INTERNAL',
          `OCR 初始化失败 (OCR could not start): ${e instanceof Error ? e.message : String(e)}`,
        );
      });
    }
    return this.worker;
  }

  recognize(image: Buffer, onProgress?: (p: OcrProgress) => void): Promise<OcrResult> {
    const job = this.queue.then(async () => {
      this.onProgress = onProgress ?? null;
      onProgress?.({ status: 'starting', progress: 0 });
      try {
        const w = await this.start();
        const r = await w.recognize(image);
        onProgress?.({ status: 'done', progress: 1 });
        return { text: r.data.text ?? '', confidence: r.data.confidence ?? 0 };
      } finally {
        this.onProgress = null;
      }
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await (await w.catch(() => null))?.terminate();
  }
}

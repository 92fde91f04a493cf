import type { z } from 'zod';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { PaiError } from '../../shared/errors';
import {
  imageAnswerSchema,
  visionExtractionSchema,
  type ImageAnswer,
  type VisionExtraction,
} from '../../shared/contract';
import {
  loadImageRef,
  toDataUrl,
  type FetchLike,
  type ImageStore,
  type LoadedImage,
} from './image-ref';
import { extractAmounts, extractDate, extractFromText } from './text-extract';
import type { OcrEngine, OcrProgress } from './ocr';

export interface VisionDeps {
  store: ImageStore;
  ocr: OcrEngine;
  /** The configured vision model, or null when none is configured. */
  visionModel: () => BaseChatModel | null;
  fetch?: FetchLike;
}

export interface ReceiptReading {
  extraction: VisionExtraction;
  /** Local wall time text found on the receipt, '' when none. */
  transaction_date: string;
  source: 'vision' | 'ocr';
  image: LoadedImage;
}

const RECEIPT_PROMPT = [
  'You read receipts and payment screenshots for a personal expense ledger.',
  'Extract the amount actually paid (实付/实收/合计/Total/Amount Due), the merchant, a short item description,',
  'a category (餐饮 交通 购物 日用 娱乐 居住 医疗 教育 其他), and quote the text that shows the amount in evidence_text.',
  'Put the date and time printed on the receipt, if any, in notes as "date: YYYY-MM-DD HH:MM".',
  'If unsure of the amount, set amount to null and list what you see in amount_candidates.',
].join('\n');

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/**
 * reference 000 _normalize_vision_output: tidy the model's fields, and when
 * it gives no amount, find candidates in its own evidence/notes text by pattern.
 */
export function normalizeExtraction(raw: Partial<VisionExtraction>): VisionExtraction {
  const candidates = (raw.amount_candidates ?? []).filter((n) => Number.isFinite(n) && n > 0);
  let amount =
    typeof raw.amount === 'number' && Number.isFinite(raw.amount) && raw.amount > 0
      ? raw.amount
      : null;
  if (amount === null) {
    const found = extractAmounts(`${raw.evidence_text ?? ''}\n${raw.notes ?? ''}`);
    for (const c of found.candidates) if (!candidates.includes(c)) candidates.push(c);
    amount = found.amount ?? candidates[0] ?? null;
  }
  if (amount !== null && !candidates.includes(amount)) candidates.unshift(amount);
  return {
    image_type: (raw.image_type ?? '').trim() || 'other',
    amount,
    amount_candidates: candidates.slice(0, 8),
    merchant: (raw.merchant ?? '').trim(),
    category: (raw.category ?? '').trim() || '其他',
    item: (raw.item ?? '').trim(),
    confidence: clamp01(raw.confidence ?? 0),
    evidence_text: (raw.evidence_text ?? '').trim(),
    notes: (raw.notes ?? '').trim(),
  };
}

/** Receipt and image analysis: a vision model when configured, offline OCR otherwise. */
export class VisionService {
  constructor(private readonly d: VisionDeps) {}

  load(ref: string, signal?: AbortSignal): Promise<LoadedImage> {
    return loadImageRef(ref, { store: this.d.store, fetch: this.d.fetch, signal });
  }

  async readReceipt(
    image: LoadedImage,
    opts: { onProgress?: (p: OcrProgress) => void; signal?: AbortSignal } = {},
  ): Promise<ReceiptReading> {
    const model = this.d.visionModel();
    if (model) {
      const parsed = await askVision(model, visionExtractionSchema, 'vision_extraction', {
        system: RECEIPT_PROMPT,
        text: 'Extract the receipt fields.',
        image,
        signal: opts.signal,
      });
      const extraction = normalizeExtraction(parsed);
      return {
        extraction,
        transaction_date: extractDate(`${extraction.notes}\n${extraction.evidence_text}`),
        source: 'vision',
        image,
      };
    }
    const ocr = await this.d.ocr.recognize(image.bytes, opts.onProgress);
    const t = extractFromText(ocr.text);
    const extraction = normalizeExtraction({
      image_type: 'receipt',
      amount: t.amount,
      amount_candidates: t.amount_candidates,
      merchant: t.merchant,
      category: t.category,
      item: t.item,
      confidence: Math.min(t.confidence, ocr.confidence / 100),
      evidence_text: t.evidence_text,
      notes: [
        '离线 OCR 识别 (offline OCR, no vision model configured)',
        t.transaction_date ? `date: ${t.transaction_date}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    });
    return { extraction, transaction_date: t.transaction_date, source: 'ocr', image };
  }

  /**
   * analyze_receipt. The image is kept in the receipt store and its short ref
   * is named in notes, so the agent can book it with ledger_insert(image_url)
   * instead of passing a data URL around.
   */
  async analyzeReceipt(
    ref: string,
    opts: { onProgress?: (p: OcrProgress) => void; signal?: AbortSignal } = {},
  ): Promise<VisionExtraction> {
    const image = await this.load(ref, opts.signal);
    const { extraction } = await this.readReceipt(image, opts);
    const stored = this.d.store.save(image);
    return {
      ...extraction,
      notes: [extraction.notes, `image_url: ${stored.ref}`].filter(Boolean).join('; '),
    };
  }

  /** analyze_image: a question about an image; offline it can only read the text. */
  async analyzeImage(ref: string, question: string, signal?: AbortSignal): Promise<ImageAnswer> {
    const image = await this.load(ref, signal);
    const model = this.d.visionModel();
    if (!model) {
      const ocr = await this.d.ocr.recognize(image.bytes);
      return {
        image_kind: 'other',
        answer:
          '未配置视觉模型，只能离线识别图中文字（见 ocr_text）；请在设置中配置视觉模型以回答图片问题。 (No vision model is configured; only the text was read offline.)',
        summary: '',
        ocr_text: ocr.text.trim(),
        confidence: clamp01(ocr.confidence / 100),
      };
    }
    const answer = await askVision(model, imageAnswerSchema, 'image_answer', {
      system: 'Answer the question about the image. Quote visible text in ocr_text. Be concise.',
      text: question || '请描述这张图片。',
      image,
      signal,
    });
    return {
      image_kind: answer.image_kind?.trim() || 'other',
      answer: answer.answer?.trim() ?? '',
      summary: answer.summary?.trim() ?? '',
      ocr_text: answer.ocr_text?.trim() ?? '',
      confidence: clamp01(answer.confidence ?? 0),
    };
  }

  close(): Promise<void> {
    return this.d.ocr.close();
  }
}

/**
 * One structured call to the vision model with an image; a failed call or
 * fields of the wrong type become PROVIDER_UNAVAILABLE (any field may be missing).
 */
async function askVision<S extends z.ZodObject>(
  model: BaseChatModel,
  schema: S,
  name: string,
  q: { system: string; text: string; image: LoadedImage; signal?: AbortSignal },
): Promise<Partial<z.infer<S>>> {
  let raw: unknown;
  try {
    raw = await model.withStructuredOutput(schema, { name }).invoke(
      [
        new SystemMessage(q.system),
        new HumanMessage({
          content: [
            { type: 'text', text: q.text },
            { type: 'image_url', image_url: { url: toDataUrl(q.image) } },
          ],
        }),
      ],
      { signal: q.signal },
    );
  } catch (e) {
    throw new PaiError(
      'PROVIDER_UNAVAILABLE',
      `视觉模型调用失败 (the vision model failed): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const parsed = schema.partial().safeParse(raw);
  if (!parsed.success)
    throw new PaiError(
      'PROVIDER_UNAVAILABLE',
      '视觉模型返回的格式不对 (the vision model returned malformed fields)',
    );
  return parsed.data as Partial<z.infer<S>>;
}

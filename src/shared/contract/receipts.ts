import { z } from 'zod';
import { op } from './define';
import { ledgerEntrySchema } from './ledger';

/** reference 000 VisionExtraction: what analyze_receipt returns. */
export const visionExtractionSchema = z.object({
  image_type: z.string().describe('receipt | payment_screenshot | invoice | other'),
  amount: z.number().nullable().describe('The amount actually paid, decimal; null if not visible'),
  amount_candidates: z
    .array(z.number())
    .describe('Other amounts seen (totals, subtotals), most likely first'),
  merchant: z.string().describe('Shop / payee name, or ""'),
  category: z.string().describe('One of 餐饮 交通 购物 日用 娱乐 居住 医疗 教育 其他'),
  item: z.string().describe('Short description of what was bought, e.g. 咖啡'),
  confidence: z.number().describe('0..1'),
  evidence_text: z
    .string()
    .describe('The text on the image that shows the amount, e.g. 实付￥32.00'),
  notes: z.string().describe('Anything worth knowing, e.g. the date on the receipt'),
});
export type VisionExtraction = z.infer<typeof visionExtractionSchema>;

/** reference 000 GenericImageAnswer: what analyze_image returns. */
export const imageAnswerSchema = z.object({
  image_kind: z.string().describe('photo | screenshot | document | receipt | chart | other'),
  answer: z.string().describe('The answer to the question'),
  summary: z.string().describe('One sentence describing the image'),
  ocr_text: z.string().describe('Text visible in the image, or ""'),
  confidence: z.number().describe('0..1'),
});
export type ImageAnswer = z.infer<typeof imageAnswerSchema>;

/** base64 of up to 10 MB of image bytes (plus base64 overhead). */
const base64Schema = z
  .string()
  .max(14_000_000, 'image is larger than 10 MB')
  .regex(/^[A-Za-z0-9+/=\s]*$/, 'not base64');

export const receiptAnalyzeInputSchema = z
  .object({
    /** The file's bytes, base64 (drag and drop, paste). */
    data_base64: base64Schema.optional(),
    /** Or a local path / https URL / data URL / stored receipt ref. */
    path: z.string().trim().min(1).max(4096).optional(),
    /** The original file name, for messages only. */
    file_name: z.string().max(255).optional(),
    /** Echoed in receipt.progress events so the UI can show this job's OCR progress. */
    request_id: z.string().max(64).optional(),
  })
  .strict()
  .refine(
    (v) => Boolean(v.data_base64) !== Boolean(v.path),
    'give exactly one of data_base64 or path',
  );

export const receiptDuplicateSchema = z.object({
  entry: ledgerEntrySchema,
  reason: z.string(),
});

export const receiptAnalysisSchema = z.object({
  /** The stored image: `receipt://<sha256>.<ext>`, the value to book as image_url. */
  image_ref: z.string(),
  /** Same image was stored before. */
  already_stored: z.boolean(),
  extraction: visionExtractionSchema,
  /** Local wall time found on the receipt ('YYYY-MM-DD HH:MM' or 'YYYY-MM-DD'), '' when none. */
  transaction_date: z.string(),
  /** 'vision' when a vision model read it, 'ocr' when offline OCR did. */
  source: z.enum(['vision', 'ocr']),
  /** Likely duplicates already in the ledger (same local day, same amount, similar merchant/item). */
  duplicates: z.array(receiptDuplicateSchema),
});
export type ReceiptAnalysis = z.infer<typeof receiptAnalysisSchema>;

export const receiptBookInputSchema = z
  .object({
    image_ref: z
      .string()
      .regex(
        /^receipt:\/\/[a-f0-9]{64}\.(png|jpg|gif|webp|bmp)$/,
        'image_ref must be a stored receipt ref',
      ),
    amount: z.number().finite().positive().lt(1e9),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    category: z.string().trim().max(64).optional(),
    item: z.string().trim().max(200).optional(),
    transaction_date: z.string().trim().max(64).optional(),
  })
  .strict();

export const receiptsOps = {
  'receipts.analyze': op(receiptAnalyzeInputSchema, receiptAnalysisSchema),
  'receipts.book': op(receiptBookInputSchema, ledgerEntrySchema),
  /** A stored receipt image as a data URL, optionally only if small enough for a thumbnail. */
  'receipts.image': op(
    z.object({ image_ref: z.string().max(200) }).strict(),
    z.object({ data_url: z.string(), mime: z.string(), bytes: z.number().int() }),
  ),
};

import { z } from 'zod';
import type { CoreContext } from '../module';
import type { VisionService } from '../vision/service';
import { defineTool, type AnyToolDef } from './types';
import { json, optText } from './args';
import { PaiError } from '../../shared/errors';

export const NO_IMAGE = '当前消息没有可分析的图片。';

/** analyze_image and analyze_receipt (reference 000), names and returns kept exactly. */
export function visionTools(_ctx: CoreContext, vision: VisionService): AnyToolDef[] {
  const analyzeImage = defineTool({
    name: 'analyze_image',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '看图回答问题/识别图中文字（当前消息附带的图片）。Answer a question about an image attached to the current message.',
    schema: z.object({
      question: optText('关于图片的问题，如“图里写了什么？” (the question)', 1000),
      image_index: z
        .union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)])
        .pipe(z.number().int().min(0).max(50))
        .optional()
        .default(1)
        .describe('第几张图片，从 1 开始，默认 1 (which image, 1-based)'),
    }),
    async run(a, c) {
      if (c.imageUrls.length === 0) return { output: NO_IMAGE, output_data: null };
      const idx = Math.max(1, a.image_index) - 1;
      const ref = c.imageUrls[idx];
      if (!ref) {
        throw new PaiError(
          'VALIDATION_FAILED',
          `当前消息只有 ${c.imageUrls.length} 张图片 (the message has ${c.imageUrls.length} image(s))`,
        );
      }
      const out = await vision.analyzeImage(ref, a.question, c.signal);
      return { output: json(out), output_data: out };
    },
  });

  const analyzeReceipt = defineTool({
    name: 'analyze_receipt',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '识别小票/支付截图：金额、商户、分类、条目。之后可用 ledger_insert 记账，image_url 填 notes 里给出的 receipt:// 引用。Read a receipt or payment screenshot; book it with ledger_insert using the image_url given in notes.',
    schema: z.object({
      image_ref: z
        .string()
        .trim()
        .min(1)
        .max(14_000_000)
        .describe(
          '图片引用：当前消息的图片序号（1 开始）、https 链接、data URL、本地路径或 receipt:// 引用 (image reference)',
        ),
    }),
    async run(a, c) {
      let ref = a.image_ref;
      if (/^\d{1,2}$/.test(ref)) {
        const img = c.imageUrls[Math.max(1, Number(ref)) - 1];
        if (!img) return { output: NO_IMAGE, output_data: null };
        ref = img;
      }
      const out = await vision.analyzeReceipt(ref, { signal: c.signal });
      return { output: json(out), output_data: out };
    },
  });

  return [analyzeImage, analyzeReceipt];
}

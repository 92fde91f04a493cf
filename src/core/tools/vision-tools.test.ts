import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseMessage } from '@langchain/core/messages';
import { createApp, type PaiApp } from '../app';
import { ScriptedChatModel } from '../../../tests/helpers/scripted-chat-model';
import { NO_IMAGE } from './vision-tools';
import type { ToolContext } from './types';

const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DATA_URL = `data:image/png;base64,${PNG_B64}`;

const ctx = (imageUrls: string[] = []): ToolContext => ({
  userId: 1,
  conversationId: null,
  locale: 'zh-CN',
  timeZone: 'Asia/Shanghai',
  imageUrls,
  actor: 'agent',
  platform: 'desktop',
});

const imagePartsSeen = (messages: BaseMessage[]): string[] =>
  messages.flatMap((m) =>
    Array.isArray(m.content)
      ? m.content.flatMap((p) => {
          const part = p as { type?: string; image_url?: { url?: string } };
          return part.type === 'image_url' && part.image_url?.url ? [part.image_url.url] : [];
        })
      : [],
  );

describe('vision tools', () => {
  let dir: string;
  let app: PaiApp;
  let answer: Record<string, unknown>;
  let model: ScriptedChatModel;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-vision-'));
    app = createApp({ dataDir: dir, timeZone: 'Asia/Shanghai' });
    model = new ScriptedChatModel(() => answer);
    app.ctx.models = { chat: () => null, vision: () => model, embeddings: () => null };
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('analyze_receipt: gives the image to the vision model as a data URL and returns VisionExtraction fields', async () => {
    answer = {
      image_type: 'payment_screenshot',
      amount: 32,
      amount_candidates: [32, 38],
      merchant: '瑞幸咖啡',
      category: '餐饮',
      item: '咖啡',
      confidence: 0.93,
      evidence_text: '实付￥32.00',
      notes: '',
    };
    const r = await app.ctx.tools.execute('analyze_receipt', { image_ref: DATA_URL }, ctx());
    expect(r.ok).toBe(true);
    const sha = createHash('sha256').update(Buffer.from(PNG_B64, 'base64')).digest('hex');
    expect(r.output_data).toEqual({ ...answer, notes: `image_url: receipt://${sha}.png` });
    expect(existsSync(join(dir, 'receipts', `${sha}.png`))).toBe(true);
    expect(Object.keys(JSON.parse(r.output)).sort()).toEqual(
      [
        'amount',
        'amount_candidates',
        'category',
        'confidence',
        'evidence_text',
        'image_type',
        'item',
        'merchant',
        'notes',
      ].sort(),
    );
    expect(imagePartsSeen(model.seen[0])).toEqual([DATA_URL]);
  });

  it('analyze_receipt: extracts the amount from the text when the model gives none', async () => {
    answer = {
      image_type: 'receipt',
      amount: null,
      amount_candidates: [],
      merchant: 'Blue Bottle',
      category: '餐饮',
      item: 'coffee',
      confidence: 0.4,
      evidence_text: 'Subtotal 12.00 Tax 0.75',
      notes: 'TOTAL $12.75',
    };
    const r = await app.ctx.tools.execute('analyze_receipt', { image_ref: '1' }, ctx([DATA_URL]));
    expect(r.output_data).toMatchObject({ amount: 12.75, amount_candidates: [12.75, 12, 0.75] });
  });

  it('analyze_receipt: refuses a file that is not an image', async () => {
    const r = await app.ctx.tools.execute(
      'analyze_receipt',
      { image_ref: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` },
      ctx(),
    );
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('UNSUPPORTED');
  });

  it('analyze_image: answers about the chosen image of the current message', async () => {
    answer = {
      image_kind: 'screenshot',
      answer: '一张支付截图',
      summary: '支付成功页面',
      ocr_text: '支付成功',
      confidence: 0.8,
    };
    const other = `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')}`;
    const r = await app.ctx.tools.execute(
      'analyze_image',
      { question: '图里写了什么？', image_index: 2 },
      ctx([DATA_URL, other]),
    );
    expect(r.ok).toBe(true);
    expect(r.output_data).toEqual(answer);
    expect(imagePartsSeen(model.seen[0])).toEqual([other]);
    expect(model.promptText()).toContain('图里写了什么？');
  });

  it(`analyze_image without images: "${NO_IMAGE}"`, async () => {
    const r = await app.ctx.tools.execute('analyze_image', { question: '这是什么' }, ctx());
    expect(r).toMatchObject({ ok: true, output: NO_IMAGE });
    const over = await app.ctx.tools.execute('analyze_image', { image_index: 3 }, ctx([DATA_URL]));
    expect(over.ok).toBe(false);
    expect(over.output).toMatch(/只有 1 张图片/);
  });
});

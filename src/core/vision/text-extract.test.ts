import { describe, expect, it } from 'vitest';
import {
  extractAmounts,
  extractDate,
  extractFromText,
  guessCategory,
  guessMerchant,
  normalizeText,
} from './text-extract';

describe('receipt text extraction', () => {
  it('prefers what was paid over totals, subtotals and item prices', () => {
    const t =
      '瑞幸咖啡 (国贸店)\n生椰拿铁 1 ¥18.00\n美式咖啡 1 ¥14.00\n小计 32.00\n合计: ¥38.00\n优惠 -6.00\n实付 ¥32.00';
    const r = extractAmounts(t);
    expect(r.amount).toBe(32);
    expect(r.candidates).toContain(38);
    expect(r.evidence).toBe('实付 ¥32.00');
  });

  it('ignores change, cash tendered, phone numbers, dates and ids', () => {
    const t =
      '单号: 20260406001234\n牛奶 25.00\n合计 86.40\n现金 100.00\n找零 13.60\n电话: 010-88886666\n2026/04/06 18:21';
    expect(extractAmounts(t)).toMatchObject({ amount: 86.4, candidates: [86.4, 25] });
  });

  it('reads OCR quirks: spaces between CJK characters, ¥ read as Y or 半, full-width digits', () => {
    expect(normalizeText('实 付 半 32.00')).toBe('实付半 32.00');
    expect(extractAmounts('实 付 半 32.00').amount).toBe(32);
    expect(extractAmounts('生 椰 拿 铁 1 Y18.00').amount).toBe(18);
    expect(extractAmounts('合计：￥３２．５０').amount).toBe(32.5);
  });

  it('reads English receipts and 元 amounts', () => {
    expect(
      extractAmounts('Subtotal 43.95\nTax 1.42\nTotal 58.37\nCash 60.00\nChange 1.63').amount,
    ).toBe(58.37);
    expect(extractAmounts('Amount Due    96.20').amount).toBe(96.2);
    expect(extractAmounts('票价: ￥553.5元').amount).toBe(553.5);
    expect(extractAmounts('应付金额: 168元').amount).toBe(168);
    expect(extractAmounts('-1,299.00\n交易成功').amount).toBe(1299);
  });

  it('finds nothing in text without amounts', () => {
    expect(extractAmounts('谢谢惠顾 Thank you')).toMatchObject({ amount: null, candidates: [] });
  });

  it('dates, merchants and categories', () => {
    expect(extractDate('2026年4月5日 19:40')).toBe('2026-04-05 19:40');
    expect(extractDate('2026/04/06 18:21')).toBe('2026-04-06 18:21');
    expect(extractDate('04/06/2026 09:14')).toBe('2026-04-06 09:14');
    expect(extractDate('no date')).toBe('');
    expect(guessMerchant('欢迎光临\n瑞幸咖啡 (国贸店)\n合计 32.00')).toBe('瑞幸咖啡 国贸店');
    expect(guessCategory('滴滴出行 行程账单')).toBe('交通');
    expect(guessCategory('BLUE BOTTLE COFFEE')).toBe('餐饮');
    expect(extractFromText('老百姓大药房\n总计: 57.50')).toMatchObject({
      amount: 57.5,
      category: '医疗',
      merchant: '老百姓大药房',
    });
  });
});

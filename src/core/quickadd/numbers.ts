// Number words the parser meets in one-line entries: "十八", "三十六", "两", "半".

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

export const ZH_NUMBER_CHARS = '零〇一二两三四五六七八九十百千万';

/** "十八" → 18, "三十六" → 36, "一百零五" → 105, "两千" → 2000; null if not a Chinese numeral. */
export function zhToNumber(text: string): number | null {
  if (!text || [...text].some((c) => !(c in DIGITS) && !(c in UNITS))) return null;
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const c of text) {
    if (c in DIGITS) {
      digit = DIGITS[c]!;
      continue;
    }
    const unit = UNITS[c]!;
    if (unit === 10000) {
      total += (section + (digit ?? 0)) * unit;
      section = 0;
    } else {
      section += (digit ?? 1) * unit;
    }
    digit = null;
  }
  return total + section + (digit ?? 0);
}

/** Arabic ("3", "36.5", "1,200") or Chinese ("三") number text → number; null if neither. */
export function readNumber(text: string): number | null {
  const t = text.replace(/,/g, '');
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  return zhToNumber(text);
}

/**
 * Amount, merchant, date and category from receipt text (OCR output or the
 * vision model's evidence text), by pattern. Used when no vision model is
 * configured and when a model gives no amount.
 */

export interface TextExtraction {
  amount: number | null;
  amount_candidates: number[];
  merchant: string;
  category: string;
  item: string;
  /** Local wall time text 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DD', '' when none found. */
  transaction_date: string;
  evidence_text: string;
  /** 0..1, how sure the pattern match is. */
  confidence: number;
}

const FULLWIDTH = /[\uFF10-\uFF19\uFF0E\uFF0C\uFF1A]/g;

/** Normalises OCR text: full-width digits/punctuation, spaces OCR puts between CJK characters. */
export function normalizeText(raw: string): string {
  return raw
    .replace(FULLWIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\uFFE5/g, '¥')
    .replace(/(?<=[\u3400-\u9fff])[ \t]+(?=[\u3400-\u9fff])/g, '')
    .replace(/\r/g, '');
}

// Keyword weights: what the person actually paid ranks above totals, subtotals and bare prices.
const KEYWORDS: [RegExp, number][] = [
  [
    /实付|实收|实际支付|支付金额|付款金额|实付款|已支付|Amount\s*Paid|Paid\s*Amount|Amount\s*Due|Balance\s*Due|Grand\s*Total|Total\s*Due/i,
    10,
  ],
  [/合计|总计|总额|应付|应收|消费金额|订单金额|Total/i, 8],
  [/金额|Amount|Sum/i, 5],
  [/小计|Sub\s*-?\s*total/i, 3],
];
// Lines whose numbers are not the price paid.
const EXCLUDE =
  /找零|找赎|Change|优惠|折扣|减免|立减|Discount|Saving|积分|Points|电话|Tel|Phone|订单号|单号|流水号|No\.|卡号|Card|税号|Tax\s*ID|数量|Qty|现金|Cash\s*Tendered|Tendered|会员|Member/i;
// OCR often reads ¥ as "Y" or "半".
const CURRENCY_BEFORE = /(?:¥|￥|RMB|CNY|\$|US\$|USD|€|£|半|(?<![A-Za-z])Y)\s*$/i;
const NUMBER = /-?\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|-?\d+(?:\.\d{1,2})?/g;

interface Candidate {
  value: number;
  score: number;
  line: string;
}

function lineCandidates(line: string): Candidate[] {
  if (EXCLUDE.test(line)) return [];
  const kw = KEYWORDS.find(([re]) => re.test(line))?.[1] ?? 0;
  const out: Candidate[] = [];
  for (const m of line.matchAll(NUMBER)) {
    const text = m[0];
    const start = m.index ?? 0;
    const end = start + text.length;
    const before = line.slice(Math.max(0, start - 5), start);
    const after = line.slice(end, end + 3);
    // Dates, times, percentages, ids and quantities are not amounts.
    if (/\d\s?[-/:.年月]$/.test(before)) continue; // 2026-04-06, 12:30, 4月5日
    if (/^\s*[-/:%年月日号点x×]/.test(after)) continue;
    if (/^\d*$/.test(line.slice(end, end + 1)) && line.slice(end, end + 1) !== '') continue;
    const hasDecimals = text.includes('.');
    const currency = CURRENCY_BEFORE.test(before) || /^\s*元/.test(after);
    if (!hasDecimals && !currency && kw === 0) continue;
    const value = Math.abs(Number(text.replace(/,/g, '')));
    if (!Number.isFinite(value) || value <= 0 || value >= 1e7) continue;
    if (!hasDecimals && !currency && value > 100000) continue; // long digit runs are ids
    out.push({ value, score: kw + (currency ? 2 : 0) + (hasDecimals ? 1 : 0), line: line.trim() });
  }
  return out;
}

/** Amount candidates in order of likelihood, best first. */
export function extractAmounts(text: string): {
  amount: number | null;
  candidates: number[];
  evidence: string;
  score: number;
} {
  const lines = normalizeText(text).split('\n');
  const all: Candidate[] = [];
  lines.forEach((line, i) => {
    const c = lineCandidates(line);
    // "合计" alone on a line with the number on the next one.
    if (
      c.length === 0 &&
      KEYWORDS.some(([re]) => re.test(line)) &&
      !EXCLUDE.test(line) &&
      lines[i + 1] !== undefined
    ) {
      const kw = KEYWORDS.find(([re]) => re.test(line))![1];
      for (const n of lineCandidates(lines[i + 1]))
        all.push({ ...n, score: Math.max(n.score, kw - 1), line: `${line.trim()} ${n.line}` });
    }
    all.push(...c);
  });
  all.sort((a, b) => b.score - a.score || b.value - a.value);
  const candidates: number[] = [];
  for (const c of all) if (!candidates.includes(c.value)) candidates.push(c.value);
  const best = all[0];
  return {
    amount: best ? best.value : null,
    candidates: candidates.slice(0, 8),
    evidence: best?.line ?? '',
    score: best?.score ?? 0,
  };
}

const pad = (n: string) => n.padStart(2, '0');

/** The first date (and time) on the receipt, as local wall time text. */
export function extractDate(text: string): string {
  const t = normalizeText(text);
  const m =
    /(20\d{2})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]*(\d{1,2})\s*[:：]\s*(\d{2})(?:\s*[:：]\s*(\d{2}))?)?/.exec(
      t,
    );
  if (m) {
    const [, y, mo, d, h, mi] = m;
    if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return '';
    return h !== undefined
      ? `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${mi}`
      : `${y}-${pad(mo)}-${pad(d)}`;
  }
  const us = /\b(\d{1,2})\/(\d{1,2})\/(20\d{2})\b(?:\s+(\d{1,2}):(\d{2}))?/.exec(t);
  if (us) {
    const [, mo, d, y, h, mi] = us;
    if (Number(mo) > 12) return '';
    return h !== undefined
      ? `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${mi}`
      : `${y}-${pad(mo)}-${pad(d)}`;
  }
  return '';
}

const CATEGORY_WORDS: [string, RegExp][] = [
  [
    '餐饮',
    /咖啡|餐|饭|面馆|奶茶|茶饮|外卖|美团|饿了么|麦当劳|肯德基|星巴克|瑞幸|食堂|烧烤|火锅|小吃|Coffee|Cafe|Caf\u00e9|Restaurant|Pizza|Burger|Bakery|Diner|Kitchen|Starbucks/i,
  ],
  [
    '交通',
    /滴滴|地铁|出租|打车|高铁|铁路|火车|机票|航空|加油|停车|公交|Taxi|Uber|Lyft|Metro|Subway|Railway|Airline|Fuel|Gas\s*Station|Parking/i,
  ],
  ['医疗', /药|医院|诊所|Pharmacy|Clinic|Hospital/i],
  ['娱乐', /电影|影院|影城|KTV|游戏|Cinema|Theater|Theatre|Movie/i],
  ['居住', /房租|物业|水费|电费|燃气|Rent|Utilities/i],
  ['教育', /书店|课程|培训|学费|Bookstore|Course|Tuition/i],
  ['购物', /超市|商场|便利店|淘宝|京东|天猫|拼多多|Market|Supermarket|Store|Mall|Shop|Mart/i],
];

export function guessCategory(text: string): string {
  const t = normalizeText(text);
  return CATEGORY_WORDS.find(([, re]) => re.test(t))?.[0] ?? '其他';
}

const NOT_MERCHANT =
  /^(收据|小票|发票|购物小票|销售单|欢迎光临|Welcome|Receipt|Invoice|Thank|谢谢|交易成功|支付成功|账单详情)/i;

/** The merchant: usually the first line with letters that is not a label, amount or date. */
export function guessMerchant(text: string): string {
  const lines = normalizeText(text)
    .split('\n')
    .map((l) => l.trim().replace(/^[*=\-_~#\s]+|[*=\-_~#\s]+$/g, ''))
    .filter(Boolean);
  const shop = lines.find(
    (l) =>
      /店|公司|超市|餐厅|咖啡|商场|便利|Store|Market|Cafe|Coffee|Restaurant|Inc|Ltd|Co\./i.test(
        l,
      ) && !/\d{2}[:.]\d{2}/.test(l),
  );
  const first = lines.find(
    (l) =>
      /[\p{L}]{2,}/u.test(l) &&
      !NOT_MERCHANT.test(l) &&
      !/\d+\.\d{2}/.test(l) &&
      !/20\d{2}[-/.年]/.test(l) &&
      !KEYWORDS.some(([re]) => re.test(l)),
  );
  return (shop ?? first ?? '')
    .replace(/[()（）]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
}

/** Everything the receipt text gives, for the offline path and to fill gaps left by a model. */
export function extractFromText(raw: string): TextExtraction {
  const amounts = extractAmounts(raw);
  const merchant = guessMerchant(raw);
  return {
    amount: amounts.amount,
    amount_candidates: amounts.candidates,
    merchant,
    category: guessCategory(raw),
    item: merchant,
    transaction_date: extractDate(raw),
    evidence_text: amounts.evidence,
    confidence: amounts.amount === null ? 0 : Math.min(0.9, 0.3 + amounts.score * 0.05),
  };
}

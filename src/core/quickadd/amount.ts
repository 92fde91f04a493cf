import { readNumber, ZH_NUMBER_CHARS } from './numbers';

export interface AmountMatch {
  amount: number;
  /** ISO code when the line named one (¥, 元, $, dollars, 欧元...); undefined = not named. */
  currency?: string;
  start: number;
  end: number;
}

export type AmountResult =
  { kind: 'none' } | { kind: 'found'; match: AmountMatch } | { kind: 'error'; reason: string };

// Marker → ISO code; 元/块/¥ mean renminbi.
const PREFIX: [RegExp, string][] = [
  [/^(?:US\$|USD)$/i, 'USD'],
  [/^(?:HK\$|HKD)$/i, 'HKD'],
  [/^\$$/, 'USD'],
  [/^(?:¥|￥|RMB|CNY)$/i, 'CNY'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^JPY$/i, 'JPY'],
];
const SUFFIX: [RegExp, string][] = [
  [/^(?:块钱|块|元|圆|rmb|cny|yuan|人民币)$/i, 'CNY'],
  [/^(?:刀|美元|美金|dollars?|bucks|usd)$/i, 'USD'],
  [/^(?:欧元|euros?|eur)$/i, 'EUR'],
  [/^(?:英镑|pounds?|gbp)$/i, 'GBP'],
  [/^(?:日元|円|yen|jpy)$/i, 'JPY'],
  [/^(?:港币|港元|hkd)$/i, 'HKD'],
];

const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const ZH_NUM = `[${ZH_NUMBER_CHARS}]+`;
const PREFIX_RE = new RegExp(
  String.raw`(US\$|HK\$|\$|¥|￥|€|£|\b(?:USD|HKD|RMB|CNY|EUR|GBP|JPY)\b)\s*(${NUM})`,
  'gi',
);
const SUFFIX_RE = new RegExp(
  String.raw`(${NUM}|${ZH_NUM})\s*(块钱|块|元|圆|人民币|刀|美元|美金|欧元|英镑|日元|円|港币|港元|(?:rmb|cny|yuan|dollars?|bucks|usd|euros?|eur|pounds?|gbp|yen|jpy|hkd)(?![a-z]))(?:\s*(\d)(?!\d)(?:毛|角)?)?`,
  'gi',
);
// Bare numbers: not glued to latin letters or other digits ("123abc", "v2" are not amounts).
const BARE_RE = new RegExp(String.raw`(?<![\w.$¥￥€£\-])(${NUM})(?![\w.%:])`, 'g');
// A number right before one of these counts things or tells time, it is not money.
const MEASURE_AFTER =
  /^\s?(?:个|杯|瓶|件|份|斤|公斤|只|本|张|次|盒|包|袋|碗|支|条|位|人|天|号|日|月|年|点|时|小时|分|秒|周|星期|岁|楼|层|路|折|倍|期|公里|米|升|度|寸|箱|罐|根|双|套|台|部|页|章|节|集)/;

/** Upper bound for one quick-add amount; larger is a typo or not money (phone numbers, years). */
export const MAX_AMOUNT = 1_000_000;
const MAX_AMOUNT_ZERO_DECIMALS = 100_000_000; // JPY, KRW...

function currencyFor(marker: string, table: [RegExp, string][]): string | undefined {
  for (const [re, code] of table) if (re.test(marker)) return code;
  return undefined;
}

/**
 * Finds the one amount of money in a line. An amount with a currency marker
 * wins over bare numbers; two marked amounts, or two bare numbers and no marked
 * one, are ambiguous and refused rather than guessed.
 */
export function extractAmount(text: string): AmountResult {
  const marked: AmountMatch[] = [];
  for (const m of text.matchAll(PREFIX_RE)) {
    const n = readNumber(m[2]!);
    if (n !== null)
      marked.push({
        amount: n,
        currency: currencyFor(m[1]!, PREFIX),
        start: m.index,
        end: m.index + m[0].length,
      });
  }
  for (const m of text.matchAll(SUFFIX_RE)) {
    if (marked.some((x) => overlaps(x, m.index, m.index + m[0].length))) continue;
    let n = readNumber(m[1]!);
    if (n === null) continue;
    // "3块5" = 3.5
    if (m[3] !== undefined && /块/.test(m[2]!) && Number.isInteger(n)) n += Number(m[3]) / 10;
    marked.push({
      amount: n,
      currency: currencyFor(m[2]!, SUFFIX),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  const bare: AmountMatch[] = [];
  for (const m of text.matchAll(BARE_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (marked.some((x) => overlaps(x, start, end))) continue;
    if (MEASURE_AFTER.test(text.slice(end))) continue;
    if (/第\s?$/.test(text.slice(0, start))) continue;
    bare.push({ amount: Number(m[1]!.replace(/,/g, '')), start, end });
  }
  const pick = marked.length > 0 ? marked : bare;
  // "咖啡 -18": a refund or a typo; quick add books spending only.
  if (pick.length === 0 && /(?:^|\s)[-−]\s?\d/.test(text)) {
    return { kind: 'error', reason: '金额必须大于 0 (the amount must be more than 0)' };
  }
  if (pick.length === 0) return { kind: 'none' };
  if (pick.length > 1) {
    return {
      kind: 'error',
      reason: `有多个金额（${pick.map((p) => p.amount).join('、')}），请一次记一笔 (several amounts found: ${pick.map((p) => p.amount).join(', ')}; one entry per line)`,
    };
  }
  const match = pick[0]!;
  const problem = amountProblem(match);
  return problem ? { kind: 'error', reason: problem } : { kind: 'found', match };
}

function amountProblem(m: AmountMatch): string | null {
  if (m.amount <= 0) return '金额必须大于 0 (the amount must be more than 0)';
  const zeroDecimals = m.currency === 'JPY';
  const max = zeroDecimals ? MAX_AMOUNT_ZERO_DECIMALS : MAX_AMOUNT;
  if (m.amount > max)
    return `金额 ${m.amount} 太大，不像一笔日常花销 (amount ${m.amount} is too large for a quick entry)`;
  const decimals = (String(m.amount).split('.')[1] ?? '').length;
  if (decimals > (zeroDecimals ? 0 : 2))
    return `金额 ${m.amount} 的小数位太多 (amount ${m.amount} has too many decimals)`;
  return null;
}

function overlaps(x: { start: number; end: number }, start: number, end: number): boolean {
  return x.start < end && start < x.end;
}

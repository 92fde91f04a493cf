import { zhToNumber } from './numbers';

/**
 * A recurring phrase found in a line: "每天", "工作日", "每周一", "每周一三五",
 * "每月15号", "every day", "every Monday", "monthly on the 1st".
 * `weekdays` are ISO (1 = Monday … 7 = Sunday).
 */
export interface Recurrence {
  start: number;
  end: number;
  rule:
    | { type: 'daily' }
    | { type: 'weekdays' }
    | { type: 'weekly'; weekdays: number[] }
    | { type: 'monthly'; day: number | null };
}

const ZH_WEEKDAY: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};
const EN_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const EN_DAY = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?`;

function enWeekday(word: string): number {
  const w = word.toLowerCase().slice(0, 3);
  return EN_WEEKDAYS.findIndex((d) => d.startsWith(w)) + 1;
}

type Finder = (text: string) => Recurrence | null;

const FINDERS: Finder[] = [
  (t) =>
    at(t, /(?:每个?工作日|工作日|每周一(?:到|至)(?:周)?五|周一(?:到|至)(?:周)?五每天)/, () => ({
      type: 'weekdays',
    })),
  (t) => at(t, /(?:每天|每日|天天|每晚|每早)/, () => ({ type: 'daily' })),
  (t) =>
    at(
      t,
      /每个?(?:周|星期|礼拜)([一二三四五六日天1-7](?:\s*[、,，和及]?\s*(?:周|星期)?[一二三四五六日天1-7])*)/,
      (m) => ({
        type: 'weekly',
        weekdays: [
          ...new Set([...m[1]!].filter((c) => c in ZH_WEEKDAY).map((c) => ZH_WEEKDAY[c]!)),
        ].sort(),
      }),
    ),
  (t) => at(t, /每个?(?:周|星期|礼拜)/, () => ({ type: 'weekly', weekdays: [] })),
  (t) =>
    at(t, /每个?月\s*(\d{1,2}|[一二三四五六七八九十]+)\s*[号日]/, (m) => ({
      type: 'monthly',
      day: /^\d+$/.test(m[1]!) ? Number(m[1]) : zhToNumber(m[1]!),
    })),
  (t) => at(t, /每个?月/, () => ({ type: 'monthly', day: null })),
  (t) => at(t, /\b(?:every\s+weekday|on\s+weekdays|weekdays)\b/i, () => ({ type: 'weekdays' })),
  (t) =>
    at(t, /\b(?:every\s*day|daily|each\s+day|every\s+(?=morning|evening|night))\b/i, () => ({
      type: 'daily',
    })),
  (t) =>
    at(
      t,
      new RegExp(
        String.raw`\b(?:every|each|on)\s+(${EN_DAY}(?:\s*(?:,|and|&)\s*${EN_DAY})*)\b`,
        'i',
      ),
      (m) => {
        const days = m[1]!.split(/\s*(?:,|and|&)\s*/i).map(enWeekday);
        // "on Mondays" is recurring only in the plural; "on Monday" is a date.
        if (/^on\s/i.test(m[0]) && !/s$/i.test(m[1]!.trim())) return null;
        return { type: 'weekly', weekdays: [...new Set(days)].sort() };
      },
    ),
  (t) => at(t, /\b(?:every\s+week|weekly)\b/i, () => ({ type: 'weekly', weekdays: [] })),
  (t) =>
    at(
      t,
      /\b(?:every\s+month\s+on\s+the\s+|monthly\s+on\s+the\s+|on\s+the\s+)(\d{1,2})(?:st|nd|rd|th)?(?:\s+of\s+every\s+month)?\b/i,
      (m) => (/every\s+month|monthly/i.test(m[0]) ? { type: 'monthly', day: Number(m[1]) } : null),
    ),
  (t) => at(t, /\b(?:every\s+month|monthly)\b/i, () => ({ type: 'monthly', day: null })),
];

function at(
  text: string,
  re: RegExp,
  rule: (m: RegExpExecArray) => Recurrence['rule'] | null,
): Recurrence | null {
  const m = re.exec(text);
  if (!m) return null;
  const r = rule(m);
  return r ? { start: m.index, end: m.index + m[0].length, rule: r } : null;
}

export function findRecurrence(text: string): Recurrence | null {
  for (const f of FINDERS) {
    const r = f(text);
    if (r) return r;
  }
  return null;
}

import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { findRecurrence, type Recurrence } from './recurrence';
import { readNumber } from './numbers';

export interface Span {
  start: number;
  end: number;
}

interface Relative extends Span {
  sign: 1 | -1;
  unit: 'minutes' | 'hours' | 'days' | 'weeks' | 'months';
  amount: number;
  /** "下个月5号": that day of the month the offset lands in. */
  dayOfMonth?: number;
}

interface ChronoHit extends Span {
  forward: chrono.ParsedComponents;
  backward: chrono.ParsedComponents;
  dateStated: boolean;
  weekdayOnly: boolean;
  clock: { hour: number; minute: number } | null;
}

/** Every time expression found in a line, before it is resolved to an instant. */
export interface WhenParse {
  spans: Span[];
  recurrence: Recurrence | null;
  relative: Relative | null;
  hit: ChronoHit | null;
  /** Hour implied by a part of day ("晚上", "tomorrow morning", "午饭") when no clock time is given. */
  partOfDayHour: number | null;
}

export type Mode = 'past' | 'future';

/** When a reminder names a day but no clock time, it fires at 09:00 local time. */
export const DEFAULT_REMINDER_HOUR = 9;
/** A past day named without a clock time is booked at noon (the middle of that day in any zone). */
export const DEFAULT_LEDGER_HOUR = 12;

const HAN = /[\u4e00-\u9fff]/;
const ZH_REL =
  /(\d+(?:\.\d+)?|[零一二两三四五六七八九十百]+|半)\s*个?\s*(分钟|分|小时|钟头|天|日|周|星期|礼拜|月)\s*(后|以后|之后|前|以前|之前)/;
const EN_REL =
  /\b(?:in\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|half\s+an?)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?|months?)|(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?|months?)\s+(ago|later|from\s+now))\b/i;
const EN_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const PARTS_OF_DAY: [RegExp, number][] = [
  [/下午|afternoon/i, 15],
  [/傍晚/, 18],
  [/晚上|今晚|明晚|每晚|夜里|晚饭|晚餐|evening|tonight|\bnight\b|dinner/i, 20],
  [/中午|午饭|午餐|\bnoon\b|\blunch\b/i, 12],
  [/早上|早晨|清晨|明早|每早|上午|早饭|早餐|morning|breakfast/i, 9],
];

function unitOf(word: string): Relative['unit'] {
  if (/^(分|min)/i.test(word)) return 'minutes';
  if (/^(小时|钟头|h)/i.test(word)) return 'hours';
  if (/^(天|日|d)/i.test(word)) return 'days';
  if (/^(周|星期|礼拜|w)/i.test(word)) return 'weeks';
  return 'months';
}

const ZH_NEXT_MONTH = /下个?月\s*(\d{1,2}|[一二三四五六七八九十]+)\s*[号日]/;

function findRelative(text: string): Relative | null {
  const nm = ZH_NEXT_MONTH.exec(text);
  if (nm) {
    const day = readNumber(nm[1]!);
    if (day !== null && day >= 1 && day <= 31) {
      return {
        start: nm.index,
        end: nm.index + nm[0].length,
        amount: 1,
        unit: 'months',
        sign: 1,
        dayOfMonth: day,
      };
    }
  }
  const zh = ZH_REL.exec(text);
  if (zh) {
    const n = zh[1] === '半' ? 0.5 : readNumber(zh[1]!);
    if (n !== null) {
      return {
        start: zh.index,
        end: zh.index + zh[0].length,
        amount: n,
        unit: unitOf(zh[2]!),
        sign: /前/.test(zh[3]!) ? -1 : 1,
      };
    }
  }
  const en = EN_REL.exec(text);
  if (en) {
    const word = (en[1] ?? en[3])!.toLowerCase();
    const n = /^half/.test(word) ? 0.5 : /^\d+$/.test(word) ? Number(word) : EN_NUMBERS[word];
    if (n !== undefined) {
      return {
        start: en.index,
        end: en.index + en[0].length,
        amount: n,
        unit: unitOf((en[2] ?? en[4])!),
        sign: en[5] && /ago/i.test(en[5]) ? -1 : 1,
      };
    }
  }
  return null;
}

function blank(text: string, spans: Span[]): string {
  let out = text;
  for (const s of spans)
    out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/**
 * chrono's Chinese parsers read the reference in the process's local time even
 * when given a UTC offset, so the reference is passed "floating": the person's
 * wall clock as a process-local Date. Result components are then wall-clock
 * values in the person's zone, which luxon turns into instants (DST-correct).
 */
function floatingRef(now: DateTime): Date {
  return new Date(now.year, now.month - 1, now.day, now.hour, now.minute, now.second);
}

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*`;
// chrono's English parser reads "taxi 20 yesterday" as 20:00 yesterday. A number
// with no time or date marker next to it is money, not an hour.
const LONE_NUMBER = new RegExp(
  String.raw`(?<![:\w.])(?<!\b(?:at|by|until|till|around|before|after)\s)(?<!${MONTH}\s)\d+(?:\.\d+)?(?![:\w.])(?!\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock|h|hrs?|${MONTH})\b)`,
  'i',
);

function findChrono(text: string, now: DateTime): ChronoHit | null {
  const ref = floatingRef(now);
  const parsers = HAN.test(text) ? [chrono.zh.hans, chrono.en] : [chrono.en];
  for (const p of parsers) {
    let input = text;
    for (let attempt = 0; attempt < 3; attempt++) {
      const fwd = p.parse(input, ref, { forwardDate: true })[0];
      if (!fwd) break;
      const lone = p === chrono.en ? LONE_NUMBER.exec(fwd.text) : null;
      if (lone) {
        const at = fwd.index + lone.index;
        input = input.slice(0, at) + ' '.repeat(lone[0].length) + input.slice(at + lone[0].length);
        continue;
      }
      const back =
        p.parse(input, ref, { forwardDate: false }).find((r) => r.index === fwd.index) ?? fwd;
      const c = fwd.start;
      const lead = fwd.text.length - fwd.text.trimStart().length;
      return {
        start: fwd.index + lead,
        end: fwd.index + fwd.text.trimEnd().length,
        forward: fwd.start,
        backward: back.start,
        dateStated: c.isCertain('day') || c.isCertain('weekday') || c.isCertain('month'),
        weekdayOnly: c.isCertain('weekday') && !c.isCertain('day'),
        clock: c.isCertain('hour')
          ? { hour: c.get('hour') ?? 0, minute: c.get('minute') ?? 0 }
          : null,
      };
    }
  }
  return null;
}

export function findWhen(text: string, now: DateTime): WhenParse {
  const recurrence = findRecurrence(text);
  const afterRec = recurrence ? blank(text, [recurrence]) : text;
  const relative = findRelative(afterRec);
  const afterRel = relative ? blank(afterRec, [relative]) : afterRec;
  const hit = findChrono(afterRel, now);
  const spans = [recurrence, relative, hit]
    .filter((s): s is NonNullable<typeof s> => s !== null)
    .map((s) => ({ start: s.start, end: s.end }));
  const part = PARTS_OF_DAY.find(([re]) => re.test(text));
  return { spans, recurrence, relative, hit, partOfDayHour: part ? part[1] : null };
}

export function hasTime(w: WhenParse): boolean {
  return w.recurrence !== null || w.relative !== null || w.hit !== null;
}

export interface Resolved {
  at: DateTime;
  repeat: string | null;
}

function withClock(day: DateTime, hour: number, minute: number): DateTime {
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** Turns what was found into one instant: the first occurrence for a reminder ('future'), the moment spent for a ledger ('past'). */
export function resolveWhen(w: WhenParse, now: DateTime, mode: Mode): Resolved | null {
  let clock =
    w.hit?.clock ?? (w.partOfDayHour !== null ? { hour: w.partOfDayHour, minute: 0 } : null);
  // "每晚10点": the evening word was part of the recurrence, so chrono saw a bare "10点".
  if (
    clock &&
    w.hit?.clock &&
    !w.hit.forward.isCertain('meridiem') &&
    (w.partOfDayHour ?? 0) >= 15 &&
    clock.hour < 12
  ) {
    clock = { hour: clock.hour + 12, minute: clock.minute };
  }
  if (w.recurrence)
    return resolveRecurrence(
      w.recurrence,
      now,
      clock ?? { hour: DEFAULT_REMINDER_HOUR, minute: 0 },
    );

  if (w.relative) {
    const r = w.relative;
    if (r.unit === 'minutes' || r.unit === 'hours') {
      const minutes = r.amount * (r.unit === 'hours' ? 60 : 1) * r.sign;
      return { at: now.plus({ minutes }).set({ millisecond: 0 }), repeat: null };
    }
    const days = r.unit === 'days' ? r.amount : r.unit === 'weeks' ? r.amount * 7 : 0;
    const months = r.unit === 'months' ? r.amount : 0;
    let day = now.startOf('day').plus({ days: days * r.sign, months: months * r.sign });
    if (r.dayOfMonth !== undefined) {
      if (r.dayOfMonth > (day.daysInMonth ?? 28)) return null;
      day = day.set({ day: r.dayOfMonth });
    }
    if (clock) return { at: withClock(day, clock.hour, clock.minute), repeat: null };
    return { at: dateOnly(day, now, mode), repeat: null };
  }

  const hit = w.hit;
  if (!hit) return null;
  const c = mode === 'future' ? hit.forward : hit.backward;
  let day = DateTime.fromObject(
    {
      year: c.get('year') ?? now.year,
      month: c.get('month') ?? now.month,
      day: c.get('day') ?? now.day,
    },
    { zone: now.zone },
  );
  if (!day.isValid) return null;
  if (mode === 'past' && hit.weekdayOnly && day.startOf('day') > now.startOf('day'))
    day = day.minus({ days: 7 });
  let at: DateTime;
  if (clock) at = withClock(day, clock.hour, clock.minute);
  else if (hit.dateStated) at = dateOnly(day, now, mode);
  else return null;
  // "lunch 12 today" at 10:30: the meal word hints a time of day, but what was paid is paid now.
  if (mode === 'past' && !hit.clock && clock && at > now && at.hasSame(now, 'day'))
    at = now.set({ millisecond: 0 });
  // A clock time with no day ("下午3点") means the next one for a reminder.
  if (mode === 'future' && !hit.dateStated && at <= now) at = at.plus({ days: 1 });
  return { at, repeat: null };
}

function dateOnly(day: DateTime, now: DateTime, mode: Mode): DateTime {
  const today = day.hasSame(now, 'day');
  if (mode === 'past')
    return today ? now.set({ millisecond: 0 }) : withClock(day, DEFAULT_LEDGER_HOUR, 0);
  const nine = withClock(day, DEFAULT_REMINDER_HOUR, 0);
  // "今天提醒我…" after 09:00: one hour from now, on the minute.
  if (today && nine <= now) return now.plus({ hours: 1 }).set({ second: 0, millisecond: 0 });
  return nine;
}

function resolveRecurrence(
  rec: Recurrence,
  now: DateTime,
  clock: { hour: number; minute: number },
): Resolved {
  const { hour, minute } = clock;
  const rule = rec.rule;
  const first = (ok: (d: DateTime) => boolean, horizonDays: number): DateTime => {
    for (let i = 0; i <= horizonDays; i++) {
      const d = withClock(now.startOf('day').plus({ days: i }), hour, minute);
      if (d > now && ok(d)) return d;
    }
    return withClock(now.startOf('day').plus({ days: 1 }), hour, minute);
  };
  switch (rule.type) {
    case 'daily':
      return { at: first(() => true, 2), repeat: 'daily' };
    case 'weekdays':
      return { at: first((d) => d.weekday <= 5, 8), repeat: 'weekdays' };
    case 'weekly': {
      const days = rule.weekdays.length > 0 ? rule.weekdays : [now.weekday];
      const at = first((d) => days.includes(d.weekday), 8);
      // Several days a week do not fit "weekly" (one day, anchored on the first time): cron, Sunday = 0.
      const repeat =
        days.length === 1
          ? 'weekly'
          : `${minute} ${hour} * * ${days
              .map((d) => d % 7)
              .sort()
              .join(',')}`;
      return { at, repeat };
    }
    case 'monthly': {
      const dom = rule.day ?? now.day;
      let at = now;
      for (let i = 0; i <= 12; i++) {
        const month = now.startOf('month').plus({ months: i });
        if (dom > (month.daysInMonth ?? 28)) continue;
        const d = withClock(month.set({ day: dom }), hour, minute);
        if (d > now) {
          at = d;
          break;
        }
      }
      // "monthly" repeats on the first trigger's day; days past the 28th do not exist every month.
      return { at, repeat: dom <= 28 ? 'monthly' : `${minute} ${hour} ${dom} * *` };
    }
  }
}

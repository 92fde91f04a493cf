import { DateTime } from 'luxon';
import type { QuickAddParsed } from '../../shared/contract';
import { extractAmount } from './amount';
import { categoryFromKeywords, explicitCategory } from './categories';
import { findWhen, hasTime, resolveWhen, type Span } from './when';

export interface ParseOptions {
  /** Reference instant (epoch ms). */
  now: number;
  /** The person's IANA zone. */
  timeZone: string;
  /** The person's categories (settings); explicit category words are matched against them. */
  categories: readonly string[];
  /** The person's default currency; a line naming another one carries it in `ledger.currency`. */
  currency: string;
}

export const MAX_LINE = 200;
export const FALLBACK_CATEGORY = '其他';
export const FALLBACK_ITEM = '消费';

const REMINDER_WORDS =
  /(提醒我|提醒一下|提醒|记得要|记得|别忘了|不要忘了|别忘记|remind\s+me\s+to|remind\s+me|don'?t\s+forget\s+to|don'?t\s+forget)/gi;
const SPEND_WORDS = /(花了|花费|付了|支付了|支付|买单|消费了|\bspent\b|\bpaid\b|\bfor\b|\bon\b)/gi;
// A line that asks something belongs in chat, even if it names a time ("明天会下雨吗?").
const QUESTION =
  /[?？]\s*$|[吗呢]\s*[?？]?\s*$|^(?:what|how|why|when|who|where|is|are|can|could|should|do|does)\b/i;
const EDGE_PUNCT = /^[\s,，。.!！:：;；、~～\-—]+|[\s,，。.!！:：;；、~～\-—]+$/g;

function unparsed(zh: string, en: string): QuickAddParsed {
  return { kind: 'unparsed', reason: `${zh} (${en})`, suggestion: 'chat' };
}

/** Removes the spans (which may overlap) from the text, leaving a space for each. */
function cut(text: string, spans: Span[]): string {
  const gone = new Array<boolean>(text.length).fill(false);
  for (const s of spans) for (let i = s.start; i < s.end; i++) gone[i] = true;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!gone[i]) out += text[i];
    else if (i === 0 || !gone[i - 1]) out += ' ';
  }
  return out;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(EDGE_PUNCT, '').trim();
}

function iso(dt: DateTime): string {
  return dt.toISO({ suppressMilliseconds: true }) ?? dt.toString();
}

/**
 * Reads one line offline into a ledger entry, a reminder, or a refusal.
 *
 * Rules: a recurring phrase or a reminder word ("提醒", "remind me") makes a
 * reminder; otherwise an amount with no time, or with a time that is not in the
 * future, makes a ledger entry; a time with no amount makes a reminder, and so
 * does an amount with a future time ("下周一 交房租 3000"). A reminder with a day
 * but no clock time fires at 09:00; a past day with no clock time is booked at
 * 12:00; today with no time is "now". Anything else is refused with a reason.
 */
export function parseQuickAdd(line: string, opts: ParseOptions): QuickAddParsed {
  const text = line.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!text) return unparsed('内容为空', 'the line is empty');
  if (text.length > MAX_LINE)
    return unparsed(`太长了（最多 ${MAX_LINE} 字）`, `too long, at most ${MAX_LINE} characters`);
  if (QUESTION.test(text))
    return unparsed('这像是一个问题，请在对话里问', 'this looks like a question; ask it in chat');

  const now = DateTime.fromMillis(opts.now, { zone: opts.timeZone });
  if (!now.isValid)
    return unparsed(`未知时区 ${opts.timeZone}`, `unknown time zone ${opts.timeZone}`);
  const when = findWhen(text, now);
  const rest = cut(text, when.spans);
  const amount = extractAmount(rest);
  const wantsReminder =
    when.recurrence !== null || new RegExp(REMINDER_WORDS.source, 'i').test(rest);

  const reminder = (): QuickAddParsed => {
    if (!hasTime(when))
      return unparsed(
        '没找到提醒时间，例如“明天9点提醒我…”',
        'no time found, e.g. "tomorrow 9am remind me to ..."',
      );
    const r = resolveWhen(when, now, 'future');
    if (!r) return unparsed('看不懂这个时间', 'could not read the time');
    if (r.at <= now) return unparsed('这个时间已经过去了', 'that time is in the past');
    const content = tidy(rest.replace(REMINDER_WORDS, ' ').replace(/^\s*(?:to|at)\s+/i, ''));
    if (!content) return unparsed('没写提醒什么', 'nothing to be reminded of');
    return { kind: 'reminder', reminder: { content, trigger_time: iso(r.at), repeat: r.repeat } };
  };

  if (wantsReminder) return reminder();
  if (amount.kind === 'error')
    return { kind: 'unparsed', reason: amount.reason, suggestion: 'chat' };
  if (amount.kind === 'none') {
    if (hasTime(when)) return reminder();
    return unparsed(
      '没找到金额或时间，无法记账或设提醒',
      'found no amount and no time to make an entry or a reminder',
    );
  }

  let at: DateTime = now.set({ millisecond: 0 });
  if (hasTime(when)) {
    const past = resolveWhen(when, now, 'past');
    if (!past) return unparsed('看不懂这个时间', 'could not read the time');
    // A future time with an amount is a plan, not a purchase: remind instead.
    if (past.at > now.plus({ minutes: 1 })) return reminder();
    at = past.at;
  }
  const m = amount.match;
  // The first word that names a category ("餐饮", "food") sets it and is not part of the item.
  let named: string | null = null;
  const words: string[] = [];
  for (const tok of tidy(`${rest.slice(0, m.start)} ${rest.slice(m.end)}`).split(' ')) {
    const c: string | null = named ? null : explicitCategory(tok, opts.categories);
    if (c) named = c;
    else words.push(tok);
  }
  const item = tidy(words.join(' ').replace(SPEND_WORDS, ' '));
  return {
    kind: 'ledger',
    ledger: {
      amount: m.amount,
      category: named ?? categoryFromKeywords(item) ?? FALLBACK_CATEGORY,
      item: item || (named ?? FALLBACK_ITEM),
      transaction_date: iso(at),
      ...(m.currency && m.currency !== opts.currency ? { currency: m.currency } : {}),
    },
  };
}

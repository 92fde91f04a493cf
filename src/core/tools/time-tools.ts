import { z } from 'zod';
import { DateTime } from 'luxon';
import type { Clock } from '../clock';
import type { Locale } from '../../shared/contract';
import { PaiError } from '../../shared/errors';
import { isValidZone } from '../time';
import { defineTool, type AnyToolDef } from './types';

const WEEKDAYS: Record<Locale, string[]> = {
  'zh-CN': ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};
const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/**
 * "2026-04-06 12:30:05 星期一（Asia/Shanghai，UTC+08:00）". Built from numeric
 * fields: locale-aware formatting would create Intl formatters on every
 * system prompt, which costs more than the rest of the prompt.
 */
export function renderNow(ms: number, zone: string, locale: Locale): string {
  return renderDateTime(DateTime.fromMillis(ms, { zone }), zone, locale);
}

function renderDateTime(dt: DateTime, zone: string, locale: Locale): string {
  const stamp = `${dt.year}-${pad(dt.month)}-${pad(dt.day)} ${pad(dt.hour)}:${pad(dt.minute)}:${pad(dt.second)}`;
  const weekday = WEEKDAYS[locale][dt.weekday - 1]!;
  const off = dt.offset;
  const offset = `UTC${off < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  return locale === 'en'
    ? `${weekday}, ${stamp} (${zone}, ${offset})`
    : `${stamp} ${weekday}（${zone}，${offset}）`;
}

/** now_time (reference 000): current time in a zone, as text. */
export function timeTools(clock: Clock): AnyToolDef[] {
  const now = defineTool({
    name: 'now_time',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '获取指定时区的当前时间（默认用户所在时区）。Current date and time in a time zone.',
    schema: z.object({
      timezone: z
        .string()
        .trim()
        .max(64)
        .optional()
        .default('')
        .describe('IANA 时区，如 Asia/Shanghai；留空为用户时区 (IANA zone)'),
    }),
    run(a, c) {
      const zone = a.timezone || c.timeZone;
      if (!isValidZone(zone)) {
        throw new PaiError(
          'VALIDATION_FAILED',
          `未知时区：${zone}（请用 IANA 名称，如 Asia/Shanghai） Unknown time zone`,
        );
      }
      const dt = DateTime.fromMillis(clock.now(), { zone });
      return {
        output: renderDateTime(dt, zone, c.locale),
        output_data: { timezone: zone, iso: dt.toISO() },
      };
    },
  });
  return [now];
}

import { describe, expect, it } from 'vitest';
import { schedule } from './schedule';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('schedule texts', () => {
  it('zh-CN and en have the same keys and no empty text', () => {
    expect(keys(schedule.en).sort()).toEqual(keys(schedule['zh-CN']).sort());
    for (const lang of [schedule.en, schedule['zh-CN']]) {
      for (const k of keys(lang)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang);
        expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
      }
    }
  });
});

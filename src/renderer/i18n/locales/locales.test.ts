import { describe, expect, it } from 'vitest';
import { namespaces } from '../namespaces';

// Every text exists in both languages, so no view ever shows a raw key.
const NAMESPACES = namespaces;

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? keys(v as object, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

describe('locales', () => {
  it.each(Object.entries(NAMESPACES))('%s has the same keys in zh-CN and en', (_ns, texts) => {
    expect(keys(texts.en).sort()).toEqual(keys(texts['zh-CN']).sort());
    for (const k of keys(texts.en)) expect(k).not.toMatch(/^\s*$/);
  });
});

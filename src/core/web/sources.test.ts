import { describe, expect, it } from 'vitest';
import { classifySource, dedupeRows, normaliseUrl, parseSearchText } from './sources';
import { isPrivateAddress } from './address';

describe('source classification', () => {
  it.each([
    ['www.gov.cn', '', 'authoritative'],
    ['stats.gov.cn', '', 'authoritative'],
    ['mit.edu', '', 'authoritative'],
    ['who.int', '', 'authoritative'],
    ['tesla.cn', '2026 款 Model Y 上市时间 tesla', 'authoritative'],
    ['reuters.com', '', 'news'],
    ['news.example.com', '', 'news'],
    ['thepaper.cn', '', 'news'],
    ['zhihu.com', '', 'community'],
    ['www.reddit.com'.replace('www.', ''), '', 'community'],
    ['bbs.example.cn', '', 'community'],
    ['random-blog.net', 'model y', 'other'],
  ])('%s → %s', (domain, query, expected) => {
    expect(classifySource(domain, query)).toBe(expected);
  });
});

describe('dedup', () => {
  it('treats scheme, www, fragment, tracking params and trailing slash as the same page', () => {
    expect(normaliseUrl('https://www.a.com/x/?utm_source=t&b=2&a=1#frag')).toBe(
      normaliseUrl('http://a.com/x?a=1&b=2'),
    );
    const rows = dedupeRows([
      { title: 'A', url: 'https://a.com/x', snippet: 'short' },
      { title: 'A2', url: 'http://www.a.com/x/', snippet: 'a longer snippet' },
      { title: 'B', url: 'https://a.com/y', snippet: '' },
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.snippet).toBe('a longer snippet');
  });
});

describe('parseSearchText', () => {
  it('reads JSON shapes and markdown links', () => {
    expect(
      parseSearchText(
        JSON.stringify({
          webPages: { value: [{ name: 'N', url: 'https://n.com', snippet: 's' }] },
        }),
      ).rows,
    ).toEqual([{ title: 'N', url: 'https://n.com', snippet: 's' }]);
    expect(parseSearchText('1. [Title](https://t.com/a)\nthe snippet').rows).toEqual([
      { title: 'Title', url: 'https://t.com/a', snippet: 'the snippet' },
    ]);
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
    ['172.32.0.1', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

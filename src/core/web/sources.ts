/** One search result before classification. */
export interface SearchRow {
  title: string;
  url: string;
  snippet: string;
}

export type SourceType = 'authoritative' | 'news' | 'community' | 'other';

/** Same page, different spelling: scheme, www., fragment, tracking parameters, trailing slash. */
export function normaliseUrl(raw: string): string {
  try {
    const u = new URL(raw.trim());
    const host = u.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/^m\./, '');
    const params = [...u.searchParams.entries()]
      .filter(([k]) => !/^(utm_|spm$|from$|ref$|fbclid$|gclid$|share)/i.test(k))
      .sort(([a], [b]) => a.localeCompare(b));
    const q = params.length ? `?${new URLSearchParams(params).toString()}` : '';
    const path = u.pathname.replace(/\/+$/, '') || '';
    return `${host}${u.port ? `:${u.port}` : ''}${path}${q}`;
  } catch {
    return raw.trim().toLowerCase();
  }
}

export function dedupeRows(rows: SearchRow[]): SearchRow[] {
  const seen = new Map<string, SearchRow>();
  for (const r of rows) {
    if (!r.url) continue;
    const k = normaliseUrl(r.url);
    const prev = seen.get(k);
    if (!prev) seen.set(k, { ...r });
    else if (r.snippet.length > prev.snippet.length) prev.snippet = r.snippet;
  }
  return [...seen.values()];
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

const AUTHORITATIVE = [
  'who.int',
  'un.org',
  'europa.eu',
  'worldbank.org',
  'imf.org',
  'oecd.org',
  'w3.org',
  'ietf.org',
  'iso.org',
  'nih.gov',
  'developer.mozilla.org',
  'python.org',
  'nodejs.org',
  'docs.github.com',
  'learn.microsoft.com',
  'support.apple.com',
  'stats.gov.cn',
  'pbc.gov.cn',
  'nature.com',
  'science.org',
  'arxiv.org',
  'wikipedia.org',
];
const NEWS = [
  'reuters.com',
  'apnews.com',
  'bbc.com',
  'bbc.co.uk',
  'nytimes.com',
  'wsj.com',
  'ft.com',
  'bloomberg.com',
  'theguardian.com',
  'cnn.com',
  'cnbc.com',
  'theverge.com',
  'techcrunch.com',
  'xinhuanet.com',
  'news.cn',
  'people.com.cn',
  'chinadaily.com.cn',
  'thepaper.cn',
  'caixin.com',
  'yicai.com',
  '36kr.com',
  'ithome.com',
  'sina.com.cn',
  'qq.com',
  '163.com',
  'ifeng.com',
  'jiemian.com',
  'cctv.com',
  'zaobao.com',
  'scmp.com',
];
const COMMUNITY = [
  'zhihu.com',
  'reddit.com',
  'stackoverflow.com',
  'stackexchange.com',
  'weibo.com',
  'weibo.cn',
  'twitter.com',
  'x.com',
  'douban.com',
  'tieba.baidu.com',
  'zhidao.baidu.com',
  'v2ex.com',
  'quora.com',
  'medium.com',
  'bilibili.com',
  'xiaohongshu.com',
  'csdn.net',
  'juejin.cn',
  'segmentfault.com',
  'github.com',
  'news.ycombinator.com',
  'facebook.com',
  'youtube.com',
  'douyin.com',
  'tiktok.com',
];

const under = (domain: string, list: string[]) =>
  list.some((d) => domain === d || domain.endsWith(`.${d}`));

/**
 * authoritative: government, education, international bodies, standards and
 * official documentation, or the official site of what is asked about (its
 * name appears in the query); news: known news outlets; community: forums,
 * Q&A and social sites; other: the rest.
 */
export function classifySource(domain: string, query: string): SourceType {
  if (!domain) return 'other';
  const labels = domain.split('.');
  if (
    labels.some((l) => l === 'gov' || l === 'edu' || l === 'mil' || l === 'int') ||
    /\.ac\.[a-z]{2}$/.test(domain)
  ) {
    return 'authoritative';
  }
  if (under(domain, COMMUNITY) || /^(bbs|forum|forums|community|tieba)\./.test(domain))
    return 'community';
  if (under(domain, NEWS) || /^news\./.test(domain)) return 'news';
  if (under(domain, AUTHORITATIVE)) return 'authoritative';
  const brand =
    labels.length >= 2
      ? labels[
          labels.length -
            (/^(com|net|org|gov|edu)\.[a-z]{2}$/.test(labels.slice(-2).join('.')) ? 3 : 2)
        ]
      : '';
  if (brand && brand.length >= 3 && query.toLowerCase().replace(/\s+/g, '').includes(brand))
    return 'authoritative';
  return 'other';
}

/** Rows from whatever a search tool returned: JSON (several common shapes) or text with links. */
export function parseSearchText(text: string): { rows: SearchRow[]; total: number | null } {
  const pick = (o: Record<string, unknown>, keys: string[]) => {
    for (const k of keys) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
    return '';
  };
  try {
    const v: unknown = JSON.parse(text);
    const obj = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    const web = obj.webPages as Record<string, unknown> | undefined;
    const list = Array.isArray(v)
      ? v
      : [obj.results, obj.items, obj.data, obj.organic, web?.value].find((x) => Array.isArray(x));
    if (Array.isArray(list)) {
      const rows = list
        .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
        .map((x) => ({
          title: pick(x, ['title', 'name']),
          url: pick(x, ['url', 'link', 'href']),
          snippet: pick(x, ['snippet', 'content', 'description', 'abstract', 'summary']),
        }))
        .filter((r) => r.url);
      const total =
        typeof obj.total === 'number'
          ? obj.total
          : typeof obj.total_results === 'number'
            ? obj.total_results
            : null;
      return { rows, total };
    }
  } catch {
    // not JSON: read links out of the text
  }
  const rows: SearchRow[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const md = /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/.exec(line);
    if (md) {
      rows.push({ title: md[1]!, url: md[2]!, snippet: (lines[i + 1] ?? '').trim() });
      return;
    }
    const bare = /(https?:\/\/[^\s<>"')]+)/.exec(line);
    if (bare)
      rows.push({
        title: (lines[i - 1] ?? '').trim() || bare[1]!,
        url: bare[1]!,
        snippet: (lines[i + 1] ?? '').trim(),
      });
  });
  return { rows, total: null };
}

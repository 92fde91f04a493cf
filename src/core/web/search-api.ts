import { PaiError } from '../../shared/errors';
import type { WebSettings } from '../../shared/contract';
import type { SearchRow } from './sources';

const PRESET_URLS = {
  tavily: 'https://api.tavily.com/search',
  brave: 'https://api.search.brave.com/res/v1/web/search',
} as const;

async function getJson(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const t = AbortSignal.timeout(timeoutMs);
  const res = await fetch(url, {
    ...init,
    signal: signal ? AbortSignal.any([signal, t]) : t,
  }).catch((e: unknown) => {
    const msg =
      e instanceof Error
        ? e.name === 'TimeoutError'
          ? `timed out after ${timeoutMs} ms`
          : e.message
        : String(e);
    throw new PaiError('PROVIDER_UNAVAILABLE', msg);
  });
  if (!res.ok) throw new PaiError('PROVIDER_UNAVAILABLE', `HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new PaiError('PROVIDER_UNAVAILABLE', 'invalid JSON');
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const arr = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
    : [];

/** One request to the configured search API (SearXNG JSON, Tavily or Brave preset). */
export async function callSearchApi(
  s: WebSettings,
  apiKey: string | undefined,
  query: string,
  maxResults: number,
  signal?: AbortSignal,
): Promise<{ rows: SearchRow[]; total: number }> {
  const timeout = s.fetch_timeout_ms;
  if (s.search_provider === 'searxng') {
    const base = s.search_url.replace(/\/+$/, '');
    const u = new URL(base.endsWith('/search') ? base : `${base}/search`);
    u.searchParams.set('q', query);
    u.searchParams.set('format', 'json');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const j = (await getJson(u.toString(), { headers }, timeout, signal)) as Record<
      string,
      unknown
    >;
    const rows = arr(j.results).map((r) => ({
      title: str(r.title),
      url: str(r.url),
      snippet: str(r.content),
    }));
    const total =
      typeof j.number_of_results === 'number' && j.number_of_results > 0
        ? j.number_of_results
        : rows.length;
    return { rows: rows.slice(0, maxResults), total };
  }
  if (s.search_provider === 'tavily') {
    const j = (await getJson(
      s.search_url || PRESET_URLS.tavily,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey ?? ''}` },
        body: JSON.stringify({ query, max_results: maxResults, search_depth: 'basic' }),
      },
      timeout,
      signal,
    )) as Record<string, unknown>;
    const rows = arr(j.results).map((r) => ({
      title: str(r.title),
      url: str(r.url),
      snippet: str(r.content),
    }));
    return { rows, total: rows.length };
  }
  if (s.search_provider === 'brave') {
    const u = new URL(s.search_url || PRESET_URLS.brave);
    u.searchParams.set('q', query);
    u.searchParams.set('count', String(maxResults));
    const j = (await getJson(
      u.toString(),
      { headers: { accept: 'application/json', 'x-subscription-token': apiKey ?? '' } },
      timeout,
      signal,
    )) as Record<string, unknown>;
    const web = (j.web ?? {}) as Record<string, unknown>;
    const rows = arr(web.results).map((r) => ({
      title: str(r.title),
      url: str(r.url),
      snippet: str(r.description),
    }));
    return { rows, total: rows.length };
  }
  throw new PaiError('NOT_CONFIGURED', '未配置搜索 API / no search API configured');
}

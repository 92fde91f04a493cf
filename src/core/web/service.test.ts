import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../tests/helpers/mcp-app';
import { useWebTestApp } from '../../../tests/helpers/web-app';
import type { WebSearchResult } from './service';

describe('web_search chain against a local search API and local pages', () => {
  const w = useWebTestApp({ mcp: true });
  afterEach(() => {
    w.web.searchMode = 'ok';
  });

  const search = async (args: Record<string, unknown>, turn = { external: 0, crawl: 0 }) => {
    const r = await w.t.app.ctx.tools.execute('web_search', args, w.t.ctx({ turn }));
    return { r, data: r.output_data as WebSearchResult, turn };
  };

  it('says plainly when no search service is configured', async () => {
    const { data } = await search({ query: 'anything' });
    expect(data.status).toBe('failed');
    expect(data.failure_reason).toContain('未配置搜索服务');
    expect(data.sources).toEqual([]);
  });

  it('searches, dedupes, fetches the best pages and returns the exact reference shape', async () => {
    await w.t.call('web.settings.update', {
      search_provider: 'searxng',
      search_url: w.web.base,
      fetch_allow_hosts: ['127.0.0.1'],
    });
    const { r, data, turn } = await search({ query: 'Model Y', focus: '官方发布', max_results: 5 });
    expect(r.ok).toBe(true);
    expect(Object.keys(data)).toEqual([
      'query',
      'executed_queries',
      'status',
      'answer_ready',
      'summary',
      'failure_reason',
      'sources',
      'total_results',
    ]);
    expect(Object.keys(data.sources[0]!)).toEqual([
      'title',
      'url',
      'domain',
      'source_type',
      'snippet',
      'content_preview',
      'crawl_error',
    ]);
    expect(data.executed_queries).toEqual(['Model Y 官方发布']);
    expect(data).toMatchObject({
      query: 'Model Y',
      status: 'ok',
      answer_ready: true,
      failure_reason: '',
      total_results: 12,
    });
    // /article and /article/?utm_source=x#top are one page.
    expect(data.sources.map((s) => new URL(s.url).pathname)).toEqual([
      '/article',
      '/forum',
      '/inject',
    ]);
    const article = data.sources[0]!;
    expect(article.content_preview).toContain('Model Y paragraph 1');
    expect(article.content_preview).not.toContain('window.tracker');
    expect(data.summary).toBe('已检索到 3 条候选结果。');
    // One external call (the API), two page crawls, counted on the turn.
    expect(turn).toEqual({ external: 1, crawl: 2 });
    expect(r.output.startsWith('<untrusted source="web:search">')).toBe(true);
  });

  it('falls back to the MCP search tool when the search API answers HTTP 500', async () => {
    await w.t.call('mcp.servers.add', { name: 'search', transport: 'http', url: w.mcp.url });
    w.web.searchMode = 'fail';
    w.mcp.state.searchResults = [
      {
        title: 'MCP result A',
        url: `${w.web.base}/forum`,
        snippet: 'Found by the MCP search peer, a forum thread.',
      },
      {
        title: 'MCP result B',
        url: `${w.web.base}/article`,
        snippet: 'Found by the MCP search peer, the release notes.',
      },
    ];
    const { data, turn } = await search({ query: 'fallback test', max_results: 5 });
    expect(w.mcp.state.calls).toContain('bing_search:fallback test');
    expect(data.status).toBe('ok');
    expect(data.sources.map((s) => s.title)).toEqual(['MCP result A', 'MCP result B']);
    expect(data.sources[1]!.content_preview).toContain('Model Y paragraph 1');
    expect(data.failure_reason).toContain('HTTP 500');
    expect(data.failure_reason).toContain('search__bing_search');
    expect(turn).toEqual({ external: 2, crawl: 2 });
    w.mcp.state.searchResults = undefined;
  });

  it('counts inner crawls against the per-turn limit and refuses past the external limit', async () => {
    const { data } = await search({ query: 'Model Y' }, { external: 0, crawl: 2 });
    expect(data.sources.filter((s) => s.content_preview).length).toBe(1);
    expect(data.sources.some((s) => s.crawl_error.includes('上限'))).toBe(true);
    const over = await search({ query: 'Model Y' }, { external: 5, crawl: 0 });
    expect(over.r.ok).toBe(false);
    expect(over.r.error?.code).toBe('LIMIT_EXCEEDED');
    const ctx = w.t.ctx();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await w.t.app.ctx.tools.execute(
            'crawl_webpage',
            { uuid: `r${i}`, url: `${w.web.base}/article` },
            ctx,
          )
        ).ok,
      ).toBe(true);
    }
    const fourth = await w.t.app.ctx.tools.execute(
      'crawl_webpage',
      { uuid: 'r4', url: `${w.web.base}/article` },
      ctx,
    );
    expect(fourth.error?.code).toBe('LIMIT_EXCEEDED');
  });

  it('crawl_webpage wraps page text, drops scripts and neutralises a forged closing tag', async () => {
    const r = await w.t.app.ctx.tools.execute(
      'crawl_webpage',
      { uuid: 'result-1', url: `${w.web.base}/inject` },
      w.t.ctx(),
    );
    expect(r.ok).toBe(true);
    expect(r.output).toContain('IMPORTANT SYSTEM NOTICE');
    expect(r.output.match(/<\/untrusted>/g)).toHaveLength(1);
    expect(r.output).not.toContain('window.tracker');
  });

  it('times out a page that never answers', async () => {
    await w.t.call('web.settings.update', { fetch_timeout_ms: 1000 });
    const r = await w.t.app.ctx.tools.execute(
      'crawl_webpage',
      { uuid: 'slow', url: `${w.web.base}/slow` },
      w.t.ctx(),
    );
    expect(r.error?.code).toBe('TIMEOUT');
    await w.t.call('web.settings.update', { fetch_timeout_ms: 10_000 });
  });

  it('fetch_url is defined but disabled with the reference message', async () => {
    const r = await w.t.app.ctx.tools.execute(
      'fetch_url',
      { url: 'https://example.com' },
      w.t.ctx(),
    );
    expect(r.ok).toBe(false);
    expect(r.output).toContain('已禁用，请改用 web_search');
    expect(w.t.app.ctx.tools.get('fetch_url')?.mainAgent).toBe(false);
  });

  it('bing_search goes to the MCP search tool', async () => {
    const r = await w.t.app.ctx.tools.execute('bing_search', { query: 'x', count: 1 }, w.t.ctx());
    expect(r.ok).toBe(true);
    expect((r.output_data as { results: unknown[] }).results).toHaveLength(1);
    expect(r.output).toContain('<untrusted source="mcp:search/bing_search">');
  });
});

describe('built-in fetcher refuses private targets by default (SSRF)', () => {
  const w = useWebTestApp();
  const crawl = (url: string) =>
    w.t.app.ctx.tools.execute('crawl_webpage', { uuid: 'x', url }, w.t.ctx());

  it.each([
    ['loopback IP', () => `${w.web.base}/article`],
    [
      'localhost name (resolved by DNS)',
      () => w.web.base.replace('127.0.0.1', 'localhost') + '/article',
    ],
    ['IPv6 loopback', () => 'http://[::1]:9/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['private LAN', () => 'http://192.168.1.1/'],
  ])('%s', async (_name, url) => {
    const r = await crawl(url());
    expect(r.error?.code).toBe('FORBIDDEN');
    expect(r.output).toContain('拒绝访问本机或内网地址');
  });

  it('refuses non-http schemes', async () => {
    const r = await crawl('file:///etc/passwd');
    expect(r.error?.code).toBe('FORBIDDEN');
    expect(r.output).toContain('http(s)');
  });

  it('web_search records the refusal per source instead of fetching', async () => {
    await w.t.call('web.settings.update', { search_provider: 'searxng', search_url: w.web.base });
    const r = await w.t.app.ctx.tools.execute('web_search', { query: 'q' }, w.t.ctx());
    const data = r.output_data as WebSearchResult;
    expect(data.sources[0]!.crawl_error).toContain('拒绝访问');
    expect(w.web.hits.filter((h) => h === '/article')).toEqual([]);
  });
});

describe('web settings', () => {
  let t: TestApp;
  beforeAll(() => {
    t = makeTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a provider that cannot work and keeps the API key write-only', async () => {
    await expect(
      t.call('web.settings.update', { search_provider: 'tavily' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.call('web.settings.get', {})).search_provider).toBe('none');
    await expect(
      t.call('web.settings.update', { search_url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const v = await t.call('web.settings.update', {
      search_provider: 'brave',
      api_key: 'brave-key-789',
    });
    expect(v).toMatchObject({ search_provider: 'brave', has_api_key: true });
    expect(JSON.stringify(await t.call('web.settings.get', {}))).not.toContain('brave-key-789');
    const row = t.app.ctx.db.prepare("SELECT value FROM settings WHERE key = 'web'").get() as {
      value: string;
    };
    expect(row.value).not.toContain('brave-key-789');
  });
});

describe('search API presets (Tavily, Brave) against local fakes', () => {
  const w = useWebTestApp();

  it.each([
    ['tavily', 'Bearer tv-key', 'tavily'],
    ['brave', 'br-key', 'brave'],
  ] as const)('%s: sends the key, reads results, classes sources', async (provider, auth, path) => {
    const key = auth.replace('Bearer ', '');
    await w.t.call('web.settings.update', {
      search_provider: provider,
      search_url: `${w.web.base}/${path}`,
      api_key: key,
    });
    // Crawl budget already spent: no page fetches to public hosts from a test.
    const r = await w.t.app.ctx.tools.execute(
      'web_search',
      { query: 'notice', max_results: 5 },
      w.t.ctx({ locale: 'en', turn: { external: 0, crawl: 3 } }),
    );
    const data = r.output_data as WebSearchResult;
    expect(w.web.seen.at(-1)).toMatchObject({ path: `/${path}`, auth });
    if (provider === 'tavily')
      expect(JSON.parse(w.web.seen.at(-1)!.body)).toMatchObject({
        query: 'notice',
        max_results: 5,
      });
    expect(data.sources.map((s) => [s.domain, s.source_type])).toEqual([
      ['gov.cn', 'authoritative'],
      ['zhihu.com', 'community'],
    ]);
    // Two snippets are enough to answer even without page bodies.
    expect(data.sources.every((s) => s.crawl_error.includes('limit'))).toBe(true);
    expect(data.answer_ready).toBe(true);
    expect(data.summary).toBe('Found 2 candidate results.');
  });

  it('no results: status empty, not answer-ready', async () => {
    w.web.searchMode = 'empty';
    const r = await w.t.app.ctx.tools.execute('web_search', { query: 'nothing' }, w.t.ctx());
    expect(r.output_data).toMatchObject({
      status: 'empty',
      answer_ready: false,
      sources: [],
      total_results: 0,
      summary: '没有检索到结果。',
    });
  });
});

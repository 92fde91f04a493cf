import type { ToolExecutor } from '../tools/executor';
import { TURN_LIMITS, type ToolContext, type TurnCounters } from '../tools/types';
import type { McpManager, DiscoveredTool } from '../mcp/manager';
import type { ToolCatalog } from '../mcp/catalog';
import { PaiError } from '../../shared/errors';
import type { WebSettingsService } from './settings';
import { callSearchApi } from './search-api';
import { safeFetch } from './safe-fetch';
import { readableText } from './readable';
import {
  classifySource,
  dedupeRows,
  domainOf,
  parseSearchText,
  type SearchRow,
  type SourceType,
} from './sources';

export interface WebSource {
  title: string;
  url: string;
  domain: string;
  source_type: SourceType;
  snippet: string;
  content_preview: string;
  crawl_error: string;
}

/** reference 000, 典型返回结构 → web_search: kept field for field. */
export interface WebSearchResult {
  query: string;
  executed_queries: string[];
  status: 'ok' | 'empty' | 'failed';
  answer_ready: boolean;
  summary: string;
  failure_reason: string;
  sources: WebSource[];
  total_results: number;
}

type McpKind = 'search' | 'crawl' | 'weather';
const CANDIDATES: Record<McpKind, string[]> = {
  search: ['bing_search', 'web_search', 'search', 'brave_web_search', 'tavily_search'],
  crawl: ['crawl_webpage', 'fetch', 'fetch_url', 'crawl', 'scrape'],
  weather: ['maps_weather', 'weather', 'get_weather', 'weather_query'],
};

const PREVIEW_CHARS = 600;
const CRAWL_TEXT_CHARS = 8000;

/** Takes one unit of a per-turn budget; false when it is spent. */
export function charge(ctx: ToolContext, kind: keyof TurnCounters): boolean {
  if (!ctx.turn) return true;
  if (ctx.turn[kind] >= TURN_LIMITS[kind]) return false;
  ctx.turn[kind] += 1;
  return true;
}

export const limitMessage = (kind: keyof TurnCounters) =>
  `本轮${kind === 'crawl' ? '网页抓取' : '外部调用'}已达上限（${TURN_LIMITS[kind]} 次），请基于已有结果回答。 Per-turn ${kind} limit reached (${TURN_LIMITS[kind]}).`;

export interface WebServiceDeps {
  settings: WebSettingsService;
  tools: ToolExecutor;
  mcp: McpManager;
  catalog: ToolCatalog;
}

/**
 * web_search's chain (reference 000): configured search API → MCP search tool
 * → page bodies of the best results (MCP crawl tool or the built-in fetcher),
 * deduplicated, classed, answer_ready decided. Also the single-purpose pieces
 * behind bing_search, crawl_webpage and maps_weather's MCP route.
 */
export class WebService {
  constructor(private readonly d: WebServiceDeps) {}

  /** A usable MCP tool for a job: the configured one, else a read-only one with a known name. */
  async mcpTool(kind: McpKind): Promise<DiscoveredTool | undefined> {
    await this.d.catalog.refresh();
    const s = this.d.settings.get();
    const configured =
      kind === 'search'
        ? s.mcp_search_tool
        : kind === 'crawl'
          ? s.mcp_crawl_tool
          : s.mcp_weather_tool;
    const usable = (t: DiscoveredTool | undefined) =>
      t &&
      t.allowed &&
      !t.held &&
      this.d.tools.setting('mcp', t.name).enabled &&
      this.d.tools.get(t.name)
        ? t
        : undefined;
    if (configured) return usable(this.d.mcp.find(configured));
    for (const raw of CANDIDATES[kind]) {
      const t = this.d.mcp.discovered().find((x) => x.rawName === raw && x.risk === 'read');
      if (usable(t)) return t;
    }
    return undefined;
  }

  /** Calls an MCP tool through the executor (usage log, toggles) without charging the turn twice. */
  async callMcp(
    tool: DiscoveredTool,
    args: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<string> {
    const r = await this.d.tools.execute(tool.name, args, { ...ctx, turn: undefined });
    if (!r.ok)
      throw new PaiError(r.error?.code ?? 'PROVIDER_UNAVAILABLE', r.error?.message ?? r.output);
    const data = r.output_data as { content?: unknown } | null;
    return typeof data?.content === 'string' ? data.content : r.output;
  }

  /** MCP search tool call with the `bing_search` argument shape. */
  async mcpSearch(
    tool: DiscoveredTool,
    query: string,
    count: number,
    offset: number,
    ctx: ToolContext,
  ) {
    const args = tool.rawName === 'bing_search' ? { query, count, offset } : { query, count };
    return parseSearchText(await this.callMcp(tool, args, ctx));
  }

  /** One page's readable text: MCP crawl tool when there is one, else the built-in fetcher. */
  async crawl(
    uuid: string,
    url: string,
    ctx: ToolContext,
  ): Promise<{ title: string; text: string; via: string }> {
    const tool = await this.mcpTool('crawl');
    if (tool) {
      const args =
        tool.rawName === 'crawl_webpage' ? { uuids: [uuid], urlMap: { [uuid]: url } } : { url };
      const text = await this.callMcp(tool, args, ctx);
      return {
        title: '',
        text: text.slice(0, CRAWL_TEXT_CHARS),
        via: `mcp:${tool.server}/${tool.rawName}`,
      };
    }
    const s = this.d.settings.get();
    const page = await safeFetch(url, {
      allowHosts: s.fetch_allow_hosts,
      timeoutMs: s.fetch_timeout_ms,
      maxBytes: s.fetch_max_bytes,
      signal: ctx.signal,
    });
    if (page.status >= 400) throw new PaiError('PROVIDER_UNAVAILABLE', `HTTP ${page.status}`);
    const ct = page.contentType.toLowerCase();
    if (ct.includes('html') || ct === '') {
      const r = readableText(page.body);
      return { title: r.title, text: r.text.slice(0, CRAWL_TEXT_CHARS), via: 'fetch' };
    }
    if (ct.startsWith('text/') || ct.includes('json')) {
      return { title: '', text: page.body.slice(0, CRAWL_TEXT_CHARS), via: 'fetch' };
    }
    throw new PaiError('UNSUPPORTED', `不支持的内容类型 / unsupported content type: ${ct}`);
  }

  async search(
    query: string,
    focus: string,
    maxResults: number,
    ctx: ToolContext,
  ): Promise<WebSearchResult> {
    const en = ctx.locale === 'en';
    const searchQuery = focus.trim() ? `${query.trim()} ${focus.trim()}` : query.trim();
    const s = this.d.settings.get();
    const problems: string[] = [];
    let rows: SearchRow[] = [];
    let total = 0;
    let anyProvider = false;

    if (s.search_provider !== 'none') {
      anyProvider = true;
      if (!charge(ctx, 'external')) throw new PaiError('LIMIT_EXCEEDED', limitMessage('external'));
      try {
        const r = await callSearchApi(
          s,
          this.d.settings.apiKey(),
          searchQuery,
          maxResults,
          ctx.signal,
        );
        rows = dedupeRows(r.rows);
        total = r.total;
      } catch (e) {
        problems.push(
          `${en ? 'search API failed' : '搜索 API 失败'}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
    if (rows.length === 0) {
      const tool = await this.mcpTool('search');
      if (tool) {
        anyProvider = true;
        if (!charge(ctx, 'external')) {
          problems.push(limitMessage('external'));
        } else {
          try {
            const r = await this.mcpSearch(
              tool,
              searchQuery,
              Math.max(3, Math.min(maxResults, 8)),
              0,
              ctx,
            );
            rows = dedupeRows(r.rows);
            total = r.total ?? rows.length;
            if (problems.length)
              problems.push(en ? `fell back to ${tool.name}` : `已回退到 ${tool.name}`);
          } catch (e) {
            problems.push(
              `${en ? 'MCP search failed' : 'MCP 搜索失败'}: ${e instanceof Error ? e.message : String(e)}`,
            );
          }
        }
      }
    }
    if (!anyProvider) {
      problems.push(
        en
          ? 'No search provider is configured (Settings → Tools & MCP: a search API or an MCP search tool).'
          : '未配置搜索服务（设置 → 工具与 MCP：搜索 API 或 MCP 搜索工具）。',
      );
    }

    rows = rows.slice(0, maxResults);
    const sources: WebSource[] = rows.map((r) => {
      const domain = domainOf(r.url);
      return {
        title: r.title || domain,
        url: r.url,
        domain,
        source_type: classifySource(domain, `${query} ${focus}`),
        snippet: r.snippet.slice(0, 500),
        content_preview: '',
        crawl_error: '',
      };
    });

    // Crawl the best two: authoritative first, then in the engine's order.
    const rank: Record<SourceType, number> = { authoritative: 0, news: 1, other: 2, community: 3 };
    const picks = sources
      .map((src, i) => ({ src, i }))
      .sort((a, b) => rank[a.src.source_type] - rank[b.src.source_type] || a.i - b.i)
      .slice(0, 2);
    for (const [n, { src }] of picks.entries()) {
      if (!charge(ctx, 'crawl')) {
        src.crawl_error = limitMessage('crawl');
        continue;
      }
      try {
        const page = await this.crawl(`result-${n + 1}`, src.url, ctx);
        src.content_preview = page.text.slice(0, PREVIEW_CHARS);
        if (!src.content_preview) src.crawl_error = en ? 'no readable text' : '未提取到正文';
      } catch (e) {
        src.crawl_error = e instanceof Error ? e.message : String(e);
      }
    }

    const withContent = sources.filter((x) => x.content_preview.length >= 80).length;
    const withSnippet = sources.filter((x) => x.snippet.trim().length >= 20).length;
    const answerReady = withContent >= 1 || withSnippet >= 2;
    const status: WebSearchResult['status'] = sources.length
      ? 'ok'
      : problems.length
        ? 'failed'
        : 'empty';
    const summary = sources.length
      ? en
        ? `Found ${sources.length} candidate results${answerReady ? '' : '; not enough to answer with confidence'}.`
        : `已检索到 ${sources.length} 条候选结果。${answerReady ? '' : '结果不足以可靠回答，请说明不确定性。'}`
      : en
        ? 'No results.'
        : '没有检索到结果。';
    return {
      query,
      executed_queries: [searchQuery],
      status,
      answer_ready: answerReady,
      summary,
      failure_reason: problems.join('; '),
      sources,
      total_results: Math.max(total, sources.length),
    };
  }
}

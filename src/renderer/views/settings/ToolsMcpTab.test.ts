// Server-side render of the tab with engine data already in the query cache:
// what a person would read (server status and last error, the held flag, risks,
// approval modes) without a browser. Interaction is covered in the e2e suite.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from '../../i18n';
import { opKey } from '../../hooks/api';
import type { CatalogEntry, McpServerView } from '../../../shared/contract';
import ToolsMcpTab from './ToolsMcpTab';

const servers: McpServerView[] = [
  {
    id: 1,
    name: 'notes',
    transport: 'stdio',
    command: 'npx',
    args: ['notes-mcp'],
    env_keys: ['TOKEN'],
    url: null,
    header_keys: [],
    enabled: true,
    allowlist: null,
    status: 'error',
    last_error: '命令未找到 / command not found: npx',
    tool_count: 0,
  },
  {
    id: 2,
    name: 'search',
    transport: 'http',
    command: null,
    args: [],
    env_keys: [],
    url: 'https://mcp.example/mcp',
    header_keys: ['Authorization'],
    enabled: true,
    allowlist: ['bing_search'],
    status: 'connected',
    last_error: null,
    tool_count: 2,
  },
];
const entry = (e: Partial<CatalogEntry> & Pick<CatalogEntry, 'name'>): CatalogEntry => ({
  source: 'mcp',
  server: 'search',
  raw_name: e.name,
  description: 'desc',
  risk: 'read',
  enabled: true,
  approval: 'default',
  allowed: true,
  held: false,
  main_agent: true,
  ...e,
});
const catalog: CatalogEntry[] = [
  entry({ name: 'web_search', source: 'builtin', server: null, description: '联网搜索' }),
  entry({ name: 'search__bing_search' }),
  entry({ name: 'search__delete_index', risk: 'destructive', held: true, main_agent: false }),
];

function render(lang: 'zh-CN' | 'en'): string {
  void i18n.changeLanguage(lang);
  const qc = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  qc.setQueryData(opKey('mcp.servers.list', {}), servers);
  qc.setQueryData(opKey('mcp.tools.list', {}), catalog);
  qc.setQueryData(opKey('web.settings.get', {}), {
    search_provider: 'searxng',
    search_url: 'http://localhost:8888',
    mcp_search_tool: '',
    mcp_crawl_tool: '',
    mcp_weather_tool: '',
    fetch_allow_hosts: [],
    fetch_timeout_ms: 10000,
    fetch_max_bytes: 2000000,
    weather_geocoding_url: 'https://geocoding-api.open-meteo.com/v1/search',
    weather_forecast_url: 'https://api.open-meteo.com/v1/forecast',
    has_api_key: false,
  });
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: qc },
      createElement(App, null, createElement(ToolsMcpTab)),
    ),
  );
}

describe('Settings → Tools & MCP tab', () => {
  it('shows servers with status and last error, tools with risk, approval mode and the held flag (zh-CN)', () => {
    const html = render('zh-CN');
    expect(html).toContain('MCP 服务');
    expect(html).toContain('命令未找到 / command not found: npx');
    expect(html).toContain('已连接');
    expect(html).toContain('出错');
    expect(html).toContain('search__delete_index');
    expect(html).toContain('定义已变更');
    expect(html).toContain('重新批准');
    expect(html).toContain('需确认');
    expect(html).toContain('按风险');
    expect(html).toContain('联网搜索');
  });

  it('speaks English', () => {
    const html = render('en');
    expect(html).toContain('MCP servers');
    expect(html).toContain('Definition changed');
    expect(html).toContain('Needs approval');
    expect(html).toContain('Connected');
  });
});

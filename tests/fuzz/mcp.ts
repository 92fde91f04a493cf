// Fuzz fixtures for MCP servers, the tool catalog and web search settings.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

export const VALID: FuzzValid = {
  'mcp.servers.list': [{}],
  'mcp.servers.add': [
    { name: 'notes', transport: 'stdio', command: 'npx', args: ['notes-mcp'], env: {} },
    {
      name: 'search',
      transport: 'http',
      url: 'https://mcp.example/mcp',
      headers: {},
      allowlist: ['bing_search'],
    },
  ],
  'mcp.servers.update': [{ id: 1, patch: { enabled: false } }],
  'mcp.servers.remove': [{ id: 1 }],
  'mcp.servers.test': [{ id: 1 }],
  'mcp.servers.enable': [{ id: 1, enabled: true }],
  'mcp.tools.list': [{ refresh: true }],
  'mcp.tools.setEnabled': [{ source: 'builtin', name: 'web_search', enabled: false }],
  'mcp.tools.setApproval': [{ source: 'builtin', name: 'web_search', approval: 'ask' }],
  'mcp.tools.reapprove': [{ name: 'notes__echo' }],
  'web.settings.get': [{}],
  'web.settings.update': [{ search_provider: 'none' }],
};

export const EDGE: FuzzEdge = [
  ['mcp.servers.test', { id: 999 }, 'NOT_FOUND'],
  ['mcp.servers.remove', { id: 999 }, 'NOT_FOUND'],
  ['mcp.tools.reapprove', { name: 'nope__x' }, 'NOT_FOUND'],
  ['mcp.tools.setEnabled', { source: 'mcp', name: 'nope__x', enabled: false }, 'NOT_FOUND'],
  ['mcp.servers.add', { name: 'a__b', transport: 'stdio', command: 'x' }, 'VALIDATION_FAILED'],
  [
    'mcp.servers.add',
    { name: 'x', transport: 'http', url: 'file:///etc/passwd' },
    'VALIDATION_FAILED',
  ],
  ['web.settings.update', { search_provider: 'tavily' }, 'VALIDATION_FAILED'],
];

export const WRITES: OpName[] = [
  'mcp.servers.add',
  'mcp.servers.update',
  'mcp.servers.remove',
  'mcp.servers.test',
  'mcp.servers.enable',
  'mcp.tools.setEnabled',
  'mcp.tools.setApproval',
  'mcp.tools.reapprove',
  'web.settings.update',
];

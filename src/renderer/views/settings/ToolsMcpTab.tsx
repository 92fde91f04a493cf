import { Space } from 'antd';
import { ServersCard } from './mcp/ServersCard';
import { ToolCatalogCard } from './mcp/ToolCatalogCard';
import { WebSearchCard } from './mcp/WebSearchCard';

/**
 * Settings → Tools & MCP: MCP servers (status, last error, add/edit/remove,
 * test), the runtime tool catalog (on/off, risk, approval mode, re-approval of
 * changed definitions) and web search settings. Mounted by the Settings view.
 */
export default function ToolsMcpTab() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ServersCard />
      <ToolCatalogCard />
      <WebSearchCard />
    </Space>
  );
}

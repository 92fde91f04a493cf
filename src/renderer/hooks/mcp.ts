import { useQueryClient } from '@tanstack/react-query';
import { useOp, useOpMutation } from './api';
import type { OpName } from '../../shared/contract';

/** Settings → Tools & MCP: servers, the tool catalog and web search settings. */
export const useMcpServers = () => useOp('mcp.servers.list', {});
export const useToolCatalog = () => useOp('mcp.tools.list', {});
export const useWebSettings = () => useOp('web.settings.get', {});

/** A mutation that refetches the MCP and web views when it succeeds. */
function useMcpMutation<K extends OpName>(name: K) {
  const qc = useQueryClient();
  return useOpMutation(name, {
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['mcp'] });
      void qc.invalidateQueries({ queryKey: ['web'] });
    },
  });
}

export const useAddMcpServer = () => useMcpMutation('mcp.servers.add');
export const useUpdateMcpServer = () => useMcpMutation('mcp.servers.update');
export const useRemoveMcpServer = () => useMcpMutation('mcp.servers.remove');
export const useTestMcpServer = () => useMcpMutation('mcp.servers.test');
export const useEnableMcpServer = () => useMcpMutation('mcp.servers.enable');
export const useSetToolEnabled = () => useMcpMutation('mcp.tools.setEnabled');
export const useSetToolApproval = () => useMcpMutation('mcp.tools.setApproval');
export const useReapproveTool = () => useMcpMutation('mcp.tools.reapprove');
export const useUpdateWebSettings = () => useMcpMutation('web.settings.update');

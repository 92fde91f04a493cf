import { PaiError, isPaiError } from '../../shared/errors';

function errCode(e: unknown): string | undefined {
  return e && typeof e === 'object' && 'code' in e
    ? String((e as { code: unknown }).code)
    : undefined;
}

/**
 * Turns what the SDK, child_process or fetch throw into one clear message that
 * a person can act on (Chinese and English).
 */
export function mcpError(
  e: unknown,
  where: { server: string; command?: string | null; timeoutMs?: number },
): PaiError {
  if (isPaiError(e)) return e;
  const msg = e instanceof Error ? e.message : String(e);
  const code = errCode(e);
  if (code === 'ENOENT' || /spawn .* ENOENT/.test(msg)) {
    return new PaiError(
      'PROVIDER_UNAVAILABLE',
      `命令未找到 / command not found: ${where.command ?? '?'}`,
    );
  }
  if (code === 'EACCES' || /EACCES/.test(msg)) {
    return new PaiError(
      'PROVIDER_UNAVAILABLE',
      `命令无法执行（权限不足）/ command not executable: ${where.command ?? '?'}`,
    );
  }
  if (/timed out|timeout/i.test(msg) || code === '-32001') {
    const s = where.timeoutMs ? ` (${Math.round(where.timeoutMs / 100) / 10}s)` : '';
    return new PaiError(
      'TIMEOUT',
      `MCP 服务 ${where.server} 响应超时${s} / MCP server ${where.server} timed out${s}`,
    );
  }
  if (/connection closed|ECONNRESET|EPIPE|not connected/i.test(msg)) {
    return new PaiError(
      'PROVIDER_UNAVAILABLE',
      `MCP 服务 ${where.server} 连接中断（进程退出或崩溃），下次使用时将重连 / MCP server ${where.server} disconnected; it will reconnect on next use`,
    );
  }
  if (/ECONNREFUSED|fetch failed|ENOTFOUND|EAI_AGAIN/i.test(msg)) {
    return new PaiError(
      'PROVIDER_UNAVAILABLE',
      `无法连接 MCP 服务 ${where.server} / cannot reach MCP server ${where.server}: ${msg}`,
    );
  }
  return new PaiError(
    'PROVIDER_UNAVAILABLE',
    `MCP 服务 ${where.server} 出错 / MCP server ${where.server} failed: ${msg}`,
  );
}

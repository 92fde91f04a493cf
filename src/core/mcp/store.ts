import type { Db } from '../db/connection';
import type { McpServerView } from '../../shared/contract';

export type ServerStatus = McpServerView['status'];

/** One configured server as stored (secret values are not here, only their names). */
export interface ServerRow {
  id: number;
  name: string;
  transport: 'stdio' | 'http';
  command: string | null;
  args: string[];
  envKeys: string[];
  url: string | null;
  headerKeys: string[];
  enabled: boolean;
  allowlist: string[] | null;
  status: ServerStatus;
  lastError: string | null;
}

interface RawRow {
  id: number;
  name: string;
  transport: 'stdio' | 'http';
  command: string | null;
  args_json: string;
  env_keys_json: string;
  url: string | null;
  header_keys_json: string;
  enabled: number;
  allowlist_json: string | null;
  status: ServerStatus;
  last_error: string | null;
}

const strings = (s: string | null): string[] => {
  try {
    const v: unknown = JSON.parse(s ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

function fromRaw(r: RawRow): ServerRow {
  return {
    id: r.id,
    name: r.name,
    transport: r.transport,
    command: r.command,
    args: strings(r.args_json),
    envKeys: strings(r.env_keys_json),
    url: r.url,
    headerKeys: strings(r.header_keys_json),
    enabled: r.enabled === 1,
    allowlist: r.allowlist_json === null ? null : strings(r.allowlist_json),
    status: r.status,
    lastError: r.last_error,
  };
}

export type NewServer = Omit<ServerRow, 'id' | 'status' | 'lastError'>;

/** The columns insert and update write (the inverse of fromRaw), as named parameters. */
function toRaw(s: NewServer): Omit<RawRow, 'id' | 'status' | 'last_error'> {
  return {
    name: s.name,
    transport: s.transport,
    command: s.command,
    args_json: JSON.stringify(s.args),
    env_keys_json: JSON.stringify(s.envKeys),
    url: s.url,
    header_keys_json: JSON.stringify(s.headerKeys),
    enabled: s.enabled ? 1 : 0,
    allowlist_json: s.allowlist === null ? null : JSON.stringify(s.allowlist),
  };
}

/** SQL for mcp_servers and mcp_tool_pins. */
export class McpStore {
  constructor(private readonly db: Db) {}

  list(): ServerRow[] {
    return (this.db.prepare('SELECT * FROM mcp_servers ORDER BY id').all() as RawRow[]).map(
      fromRaw,
    );
  }

  get(id: number): ServerRow | undefined {
    const r = this.db.prepare('SELECT * FROM mcp_servers WHERE id = ?').get(id) as
      RawRow | undefined;
    return r && fromRaw(r);
  }

  byName(name: string): ServerRow | undefined {
    const r = this.db.prepare('SELECT * FROM mcp_servers WHERE name = ?').get(name) as
      RawRow | undefined;
    return r && fromRaw(r);
  }

  insert(s: NewServer): number {
    const info = this.db
      .prepare(
        `INSERT INTO mcp_servers (name, transport, command, args_json, env_keys_json, url, header_keys_json, enabled, allowlist_json)
         VALUES (@name, @transport, @command, @args_json, @env_keys_json, @url, @header_keys_json, @enabled, @allowlist_json)`,
      )
      .run(toRaw(s));
    return Number(info.lastInsertRowid);
  }

  update(id: number, s: NewServer): void {
    this.db
      .prepare(
        `UPDATE mcp_servers SET name = @name, transport = @transport, command = @command, args_json = @args_json,
           env_keys_json = @env_keys_json, url = @url, header_keys_json = @header_keys_json, enabled = @enabled,
           allowlist_json = @allowlist_json, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = @id`,
      )
      .run({ ...toRaw(s), id });
  }

  setStatus(id: number, status: ServerStatus, lastError: string | null): void {
    this.db
      .prepare('UPDATE mcp_servers SET status = ?, last_error = ? WHERE id = ?')
      .run(status, lastError, id);
  }

  remove(id: number): void {
    this.db.prepare('DELETE FROM mcp_servers WHERE id = ?').run(id);
  }

  pin(serverId: number, tool: string): string | undefined {
    const r = this.db
      .prepare('SELECT definition_hash FROM mcp_tool_pins WHERE server_id = ? AND tool_name = ?')
      .get(serverId, tool) as { definition_hash: string } | undefined;
    return r?.definition_hash;
  }

  setPin(serverId: number, tool: string, hash: string, at: string): void {
    this.db
      .prepare(
        `INSERT INTO mcp_tool_pins (server_id, tool_name, definition_hash, approved_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(server_id, tool_name) DO UPDATE SET definition_hash = excluded.definition_hash, approved_at = excluded.approved_at`,
      )
      .run(serverId, tool, hash, at);
  }
}

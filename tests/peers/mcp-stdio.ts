// Test MCP peer over stdio: `node --import tsx tests/peers/mcp-stdio.ts`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildPeerServer, newPeerState } from './mcp-peer-tools';

const state = newPeerState();
if (process.env.PEER_REQUIRE_ENV && process.env.PEER_TOKEN !== process.env.PEER_REQUIRE_ENV) {
  process.stderr.write('missing PEER_TOKEN\n');
  process.exit(2);
}
const server = buildPeerServer(state, { canCrash: true });
await server.connect(new StdioServerTransport());

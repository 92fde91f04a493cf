import type { Migration } from './index';

/**
 * Conversations and their messages: the source of truth for chat history,
 * for display, search and the bounded window sent to the model. Times are
 * UTC instants (epoch ms). The graph's in-flight turn state lives in the
 * checkpoint file instead (see agent/checkpointer.ts).
 */
export const m0010: Migration = {
  version: 10,
  name: 'conversations',
  sql: `
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  title TEXT NOT NULL DEFAULT '',
  archived INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  last_active_at INTEGER NOT NULL
);
CREATE INDEX conversations_user_active ON conversations(user_id, archived, last_active_at DESC);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  turn_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user','assistant','tool')),
  content TEXT NOT NULL DEFAULT '',
  -- assistant: [{id,name,args}] the model asked for
  tool_calls_json TEXT,
  -- tool: which call this answers, and how it went
  tool_call_id TEXT,
  tool_name TEXT,
  status TEXT,
  -- images (user), latency/summary (tool)
  meta_json TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX messages_conversation ON messages(conversation_id, id);
CREATE INDEX messages_turn ON messages(conversation_id, turn_id);
`,
};

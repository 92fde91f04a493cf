import type { Migration } from './index';

/**
 * Long-term memories (reference 000). Times are UTC epoch ms. A memory is never
 * overwritten silently: in-place edits push the old text to memory_history, a
 * contradiction makes a new row and marks the old one superseded. The vec0 table
 * is created by the indexer, because its dimension depends on the embedder
 * (recorded in memory_index_meta).
 */
export const m0030: Migration = {
  version: 30,
  name: 'memory',
  sql: `
CREATE TABLE memories (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  memory_type TEXT NOT NULL DEFAULT 'fact',
  key TEXT NOT NULL DEFAULT '',
  importance INTEGER NOT NULL DEFAULT 3 CHECK (importance BETWEEN 1 AND 5),
  confidence REAL NOT NULL DEFAULT 1.0 CHECK (confidence >= 0 AND confidence <= 1),
  ttl_days INTEGER,
  expires_at INTEGER,
  conversation_id INTEGER,
  source_message_id INTEGER,
  origin TEXT NOT NULL DEFAULT 'explicit' CHECK (origin IN ('explicit','learned','manual')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','superseded','inactive','deleted')),
  supersedes_id INTEGER REFERENCES memories(id) ON DELETE SET NULL,
  superseded_by INTEGER REFERENCES memories(id) ON DELETE SET NULL,
  vector_state TEXT NOT NULL DEFAULT 'DIRTY' CHECK (vector_state IN ('DIRTY','INDEXED')),
  index_attempts INTEGER NOT NULL DEFAULT 0,
  index_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_accessed_at INTEGER,
  deleted_at INTEGER
);
CREATE INDEX memories_user_status ON memories(user_id, status, memory_type, updated_at);
CREATE INDEX memories_user_key ON memories(user_id, key) WHERE key <> '';
CREATE INDEX memories_dirty ON memories(vector_state) WHERE vector_state = 'DIRTY';

-- Earlier texts of a memory edited in place (view edit, append, duplicate refresh).
CREATE TABLE memory_history (
  id INTEGER PRIMARY KEY,
  memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  memory_type TEXT NOT NULL,
  key TEXT NOT NULL,
  importance INTEGER NOT NULL,
  expires_at INTEGER,
  reason TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);
CREATE INDEX memory_history_memory ON memory_history(memory_id, id);

-- Keyword search. The text is pre-tokenised in code (CJK unigrams + bigrams, Latin
-- words) so that unicode61 sees one token per term and two-character Chinese words match.
CREATE VIRTUAL TABLE memories_fts USING fts5(terms, tokenize = 'unicode61 remove_diacritics 2');

-- What the learner has already read per conversation, so idle passes do not repeat.
CREATE TABLE memory_learn_state (
  conversation_id INTEGER PRIMARY KEY,
  last_message_id INTEGER,
  digest TEXT NOT NULL DEFAULT '',
  learned_at INTEGER NOT NULL
);

CREATE TABLE memory_index_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
};

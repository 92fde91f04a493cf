import type { Migration } from './index';

/**
 * The compact form of each memory vector that the in-memory ANN search needs
 * (src/core/memory/ann.ts): a 512-bit SimHash code, an int8 copy and its scale.
 * Written in the same transaction as the vec0 row, so a restart loads plain blobs
 * in chunks instead of scanning vec0 and re-hashing every vector. Databases from
 * before this table get their rows computed once, lazily, by the loader (a
 * migration cannot run the hashing). No foreign key, like the vec0 table: both are
 * removed together when a memory leaves the active set.
 */
export const m0031: Migration = {
  version: 31,
  name: 'memory_ann',
  sql: `
CREATE TABLE memory_ann (
  memory_id INTEGER PRIMARY KEY,
  code BLOB NOT NULL,
  q8 BLOB NOT NULL,
  scale REAL NOT NULL
);
`,
};

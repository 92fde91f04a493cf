import pkg from 'node-sql-parser';

// node-sql-parser ships CommonJS; the default import works under Node, tsx and Vite.
const parser = new pkg.Parser();
const DIALECT = { database: 'sqlite' } as const;

/** The one table a model's query may name; it is rewritten to the person's filtered view. */
export const LEDGER_TABLE = 'ledgers';
export const MAX_SQL_LENGTH = 4000;
/** Self-joins beyond this are refused: no ledger question needs them, and each one multiplies the work. */
export const MAX_TABLE_REFS = 6;

/**
 * Functions a ledger question can need. Everything else (load_extension,
 * readfile/writefile, fts3_tokenizer, sqlite_*, pragma_*, json_each/json_tree,
 * randomblob/zeroblob, ...) is refused by omission.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count',
  'sum',
  'total',
  'avg',
  'min',
  'max',
  'group_concat',
  'string_agg',
  // window functions
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // numbers
  'abs',
  'round',
  'ceil',
  'ceiling',
  'floor',
  'trunc',
  'sign',
  // null handling and conditionals
  'coalesce',
  'ifnull',
  'nullif',
  'iif',
  // text
  'lower',
  'upper',
  'length',
  'substr',
  'substring',
  'trim',
  'ltrim',
  'rtrim',
  'replace',
  'instr',
  'printf',
  'format',
  'concat',
  'concat_ws',
  'typeof',
  // dates (on the local transaction_date text)
  'strftime',
  'date',
  'time',
  'datetime',
  'julianday',
  'unixepoch',
  // node-sql-parser represents EXISTS (subquery) as a function
  'exists',
]);

export type GuardVerdict =
  { allowed: true; reason: 'ok'; sql: string } | { allowed: false; reason: string };

interface TableRef {
  db: string | null;
  table: string;
  /** A CTE of that name is in scope where the reference is (SQLite resolves it to the CTE). */
  isCte: boolean;
}

interface Scan {
  tables: TableRef[];
  cteNames: Set<string>;
  cteBodies: { name: string; body: unknown }[];
  problems: string[];
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function functionName(n: Node): string {
  const name = n.name;
  if (typeof name === 'string') return name;
  if (isNode(name) && Array.isArray(name.name)) {
    return name.name.map((p) => (isNode(p) ? String(p.value ?? '') : String(p))).join('.');
  }
  return '';
}

/** Visits every node of the AST once, collecting table references, CTEs and forbidden constructs. */
function scan(root: unknown): Scan {
  const s: Scan = { tables: [], cteNames: new Set(), cteBodies: [], problems: [] };
  const seen = new Set<unknown>();
  // CTE names are scoped: a WITH inside a subquery does not cover tables outside it.
  const visit = (v: unknown, depth: number, scope: ReadonlySet<string>): void => {
    if (depth > 200) {
      s.problems.push('query nests too deeply');
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1, scope);
      return;
    }
    if (!isNode(v) || seen.has(v)) return;
    seen.add(v);

    if (Array.isArray(v.with)) {
      const inner = new Set(scope);
      for (const c of v.with) {
        if (!isNode(c)) continue;
        const name = (
          isNode(c.name) ? String(c.name.value ?? '') : String(c.name ?? '')
        ).toLowerCase();
        inner.add(name);
        s.cteNames.add(name);
        s.cteBodies.push({ name, body: c.stmt });
      }
      scope = inner;
    }
    if (Array.isArray(v.from)) {
      for (const f of v.from) {
        if (!isNode(f)) continue;
        if (typeof f.table === 'string') {
          s.tables.push({
            db: typeof f.db === 'string' && f.db ? f.db : null,
            table: f.table,
            isCte: scope.has(f.table.toLowerCase()),
          });
        } else if (isNode(f.expr) && (isNode(f.expr.ast) || f.expr.type === 'select')) {
          // a subquery in FROM: its own tables are visited below
        } else if (isNode(f.expr) && f.expr.type === 'function') {
          s.problems.push(`table-valued function ${functionName(f.expr)}() is not allowed`);
        } else {
          s.problems.push('unsupported FROM item');
        }
      }
    }
    switch (v.type) {
      case 'function': {
        const name = functionName(v).toLowerCase();
        if (!ALLOWED_FUNCTIONS.has(name))
          s.problems.push(`function ${name || '?'}() is not allowed`);
        break;
      }
      case 'aggr_func': {
        const name = String(v.name ?? '').toLowerCase();
        if (!ALLOWED_FUNCTIONS.has(name))
          s.problems.push(`function ${name || '?'}() is not allowed`);
        break;
      }
      case 'origin':
      case 'param':
      case 'var':
        s.problems.push('query parameters and variables are not allowed');
        break;
      case 'column_ref':
        if (typeof v.db === 'string' && v.db)
          s.problems.push('schema-qualified columns are not allowed');
        break;
      default:
        if (
          typeof v.type === 'string' &&
          /^(insert|update|delete|replace|create|drop|alter|attach|detach|pragma)$/i.test(v.type)
        ) {
          s.problems.push(`${v.type.toUpperCase()} is not allowed`);
        }
    }
    for (const [k, child] of Object.entries(v)) {
      if (k === 'tableList' || k === 'columnList') continue;
      visit(child, depth + 1, scope);
    }
  };
  visit(root, 0, new Set());
  return s;
}

/**
 * node-sql-parser's SQLite grammar wants PARTITION BY in every OVER (...).
 * A whole-table window is the same as PARTITION BY a constant, so that is
 * added (outside string literals) when the plain text does not parse. Safe
 * either way: the guard checks, and runs, the AST of the text it parsed.
 */
function parseWithWindowFix(text: string): unknown {
  try {
    return parser.astify(text, DIALECT);
  } catch (first) {
    const fixed = text
      .split(/('(?:[^']|'')*')/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part
              .replace(/\bOVER\s*\(\s*\)/gi, 'OVER (PARTITION BY 1)')
              .replace(/\bOVER\s*\(\s*ORDER\s+BY\b/gi, 'OVER (PARTITION BY 1 ORDER BY'),
      )
      .join('');
    if (fixed === text) throw first;
    return parser.astify(fixed, DIALECT);
  }
}

function tablesIn(body: unknown): string[] {
  return scan(body).tables.map((t) => t.table.toLowerCase());
}

/**
 * The guard's verdict on one model-written query. Allowed means: exactly one
 * statement, a SELECT, parsed into an AST, reading only `ledgers` (or CTEs
 * built from it), with allow-listed functions only. The returned `sql` is the
 * AST serialised again, so what runs is exactly what was checked.
 */
export function checkSql(raw: string): GuardVerdict {
  const text = (raw ?? '').trim();
  if (!text) return { allowed: false, reason: 'empty query' };
  if (text.length > MAX_SQL_LENGTH)
    return { allowed: false, reason: `query is longer than ${MAX_SQL_LENGTH} characters` };
  if (text.includes('\u0000')) return { allowed: false, reason: 'query contains a NUL character' };

  let ast: unknown;
  try {
    ast = parseWithWindowFix(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0].slice(0, 160) : 'parse error';
    return { allowed: false, reason: `cannot parse the query as one SQLite SELECT (${msg})` };
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1)
    return { allowed: false, reason: 'exactly one statement is allowed' };
  const stmt = statements[0];
  if (!isNode(stmt) || stmt.type !== 'select') {
    const kind =
      isNode(stmt) && typeof stmt.type === 'string' ? stmt.type.toUpperCase() : 'unknown';
    return { allowed: false, reason: `only SELECT is allowed (got ${kind})` };
  }

  const s = scan(stmt);
  if (s.problems.length) return { allowed: false, reason: s.problems[0] };

  for (const name of s.cteNames) {
    if (name === LEDGER_TABLE) return { allowed: false, reason: 'a CTE may not be named ledgers' };
    if (name.startsWith('sqlite_') || name.startsWith('pragma_'))
      return { allowed: false, reason: `CTE name ${name} is not allowed` };
  }
  for (const { name, body } of s.cteBodies) {
    if (tablesIn(body).includes(name))
      return { allowed: false, reason: `recursive CTE ${name} is not allowed` };
  }
  if (s.tables.length === 0)
    return { allowed: false, reason: 'the query must read the ledgers table' };
  if (s.tables.length > MAX_TABLE_REFS)
    return { allowed: false, reason: `at most ${MAX_TABLE_REFS} table references are allowed` };
  let readsLedgers = false;
  for (const t of s.tables) {
    const name = t.table.toLowerCase();
    if (t.db)
      return { allowed: false, reason: `schema-qualified table ${t.db}.${t.table} is not allowed` };
    if (name === LEDGER_TABLE) readsLedgers = true;
    else if (!t.isCte)
      return { allowed: false, reason: `table ${t.table} is not allowed (only ledgers)` };
  }
  if (!readsLedgers) return { allowed: false, reason: 'the query must read the ledgers table' };

  let sql: string;
  try {
    sql = parser.sqlify(stmt as unknown as Parameters<typeof parser.sqlify>[0], DIALECT);
  } catch {
    return { allowed: false, reason: 'cannot serialise the checked query' };
  }
  return { allowed: true, reason: 'ok', sql };
}

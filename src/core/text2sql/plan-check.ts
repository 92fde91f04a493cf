import type { PlanOp } from './runner';
import { ALLOWED_FUNCTIONS } from './guard';

// Functions SQLite itself compiles operators and the view into (LIKE, GLOB, the view's strftime).
const ENGINE_FUNCTIONS = new Set(['like', 'glob']);

// Anything that writes, changes the schema, or opens a virtual table (pragma_*, json_each, ...).
const FORBIDDEN_OPS =
  /^(OpenWrite|V[A-Z]\w*|ParseSchema|SqlExec|Vacuum|IncrVacuum|Destroy|Clear|CreateBtree|Expire)$/;

/**
 * Second line of defence, on SQLite's own compiled plan rather than on a
 * parser's reading of the text: the statement may only open b-trees of the
 * ledgers table and its indexes in the main database, call allow-listed
 * functions, and never write. Returns the reason for a refusal, or null.
 */
export function checkPlan(
  ops: PlanOp[],
  ledgerRoots: number[],
  allowed: ReadonlySet<string> = ALLOWED_FUNCTIONS,
): string | null {
  const roots = new Set(ledgerRoots);
  if (roots.size === 0) return 'ledgers table not found';
  for (const op of ops) {
    if (FORBIDDEN_OPS.test(op.opcode)) return `the plan uses ${op.opcode}`;
    if (op.opcode === 'Transaction' && op.p2 !== 0) return 'the plan starts a write transaction';
    if (op.opcode === 'Transaction' && op.p1 !== 0) return 'the plan reads another database';
    if (op.opcode === 'OpenRead' && (op.p3 !== 0 || !roots.has(op.p2)))
      return 'the plan reads a table other than ledgers';
    if (/^(Function|PureFunc|AggStep|AggStep1|AggFinal|AggValue|AggInverse)$/.test(op.opcode)) {
      const name = /^([A-Za-z_][\w]*)\(/.exec(op.p4 ?? '')?.[1]?.toLowerCase() ?? '';
      if (!allowed.has(name) && !ENGINE_FUNCTIONS.has(name))
        return `the plan calls ${name || 'an unknown'}()`;
    }
  }
  return null;
}

// One error shape crosses every boundary (IPC, WebSocket, CLI, tools):
// { code, message, details? } with stable SCREAMING_SNAKE codes, never a stack.
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'CONFLICT',
  'UNKNOWN_OPERATION',
  'UNKNOWN_TOOL',
  'TOOL_DISABLED',
  'LIMIT_EXCEEDED',
  'PROVIDER_UNAVAILABLE',
  'NOT_CONFIGURED',
  'CANCELLED',
  'TIMEOUT',
  'UNSUPPORTED',
  'DB_NEWER_THAN_APP',
  'BACKUP_FAILED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelopeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export class PaiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'PaiError';
  }
}

export function isPaiError(e: unknown): e is PaiError {
  return e instanceof PaiError;
}

/** Turns any thrown value into the envelope; unknown errors keep only their message. */
export function toEnvelope(e: unknown): ErrorEnvelope {
  if (e instanceof PaiError) {
    return e.details === undefined
      ? { code: e.code, message: e.message }
      : { code: e.code, message: e.message, details: e.details };
  }
  if (e instanceof z.ZodError) {
    return {
      code: 'VALIDATION_FAILED',
      message: formatZodError(e),
      details: e.issues.map(issueSummary),
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { code: 'INTERNAL', message: message || 'Internal error' };
}

function issueSummary(i: z.core.$ZodIssue): { path: string; message: string } {
  return { path: i.path.map(String).join('.'), message: i.message };
}

export function formatZodError(e: z.ZodError): string {
  return e.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

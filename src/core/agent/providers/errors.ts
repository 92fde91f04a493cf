import type { Locale } from '../../../shared/contract';
import { isPaiError } from '../../../shared/errors';
import { say, type UserFacingError } from '../messages';

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  lc_error_code?: string;
  cause?: unknown;
}

function causeCode(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 4) return undefined;
  const x = e as ErrorLike;
  if (typeof x.code === 'string' && /^E[A-Z]+/.test(x.code)) return x.code;
  return causeCode(x.cause, depth + 1);
}

/** Maps whatever the model client threw to a stable code and a sentence in the person's language. */
export function classifyModelError(e: unknown, locale: Locale, timedOut = false): UserFacingError {
  if (isPaiError(e)) return { code: e.code, message: e.message };
  const x = (e && typeof e === 'object' ? e : { message: String(e) }) as ErrorLike;
  if (timedOut || x.name === 'TimeoutError')
    return { code: 'TIMEOUT', message: say('TIMEOUT', locale) };
  if (x.status === 401 || x.status === 403 || x.lc_error_code === 'MODEL_AUTHENTICATION') {
    return { code: 'NOT_CONFIGURED', message: say('AUTH', locale) };
  }
  if (x.status === 404 || x.lc_error_code === 'MODEL_NOT_FOUND')
    return { code: 'NOT_CONFIGURED', message: say('MODEL_NOT_FOUND', locale) };
  if (x.status === 429) return { code: 'PROVIDER_UNAVAILABLE', message: say('RATE_LIMIT', locale) };
  const net = causeCode(e);
  if (
    net ||
    /connection error|fetch failed|ECONNREFUSED|ENOTFOUND|socket hang up/i.test(x.message ?? '') ||
    (x.status ?? 0) >= 500
  ) {
    return { code: 'PROVIDER_UNAVAILABLE', message: say('PROVIDER_UNAVAILABLE', locale) };
  }
  return {
    code: 'INTERNAL',
    message: `${say('INTERNAL', locale)} (${(x.message ?? '').slice(0, 200)})`,
  };
}

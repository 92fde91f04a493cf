import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh token per run: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes the lengths equal so length leaks nothing either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/**
 * The hosts a page of this server can be reached by. Checking Host defeats DNS
 * rebinding; checking Origin on the WebSocket stops other sites' pages.
 */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return ownHosts(port).some((h) => origin === `http://${h}`);
}

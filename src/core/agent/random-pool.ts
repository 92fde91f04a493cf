import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const MAX_POOLED = 256;
let installed = false;

/**
 * LangChain and LangGraph draw 16 random bytes per run id and checkpoint id
 * through `crypto.getRandomValues` (about 40 calls per chat turn), and on
 * Node 20 each call is a separate trip to the OS's random source (~5 µs, more
 * under load). Small requests are served from a pool refilled by the same
 * CSPRNG, the way Node already does for `crypto.randomUUID`; every byte is
 * handed out once. Anything else (large or non-integer arrays, bad input) goes
 * to the original function unchanged, errors included.
 */
export function installPooledRandom(): void {
  if (installed) return;
  installed = true;
  const webcrypto = globalThis.crypto;
  const original = webcrypto.getRandomValues.bind(webcrypto);
  const pool = new Uint8Array(POOL_BYTES);
  let offset = POOL_BYTES;
  const pooled = <T extends ArrayBufferView | null>(array: T): T => {
    if (!isIntegerArray(array) || array.byteLength > MAX_POOLED)
      return original(array as never) as T;
    const n = array.byteLength;
    if (offset + n > POOL_BYTES) {
      randomFillSync(pool);
      offset = 0;
    }
    new Uint8Array(array.buffer, array.byteOffset, n).set(pool.subarray(offset, offset + n));
    // Spent bytes are zeroed so they cannot be read again from the pool.
    pool.fill(0, offset, offset + n);
    offset += n;
    return array;
  };
  Object.defineProperty(webcrypto, 'getRandomValues', {
    value: pooled,
    configurable: true,
    writable: true,
  });
}

function isIntegerArray(a: unknown): a is ArrayBufferView {
  return (
    a instanceof Uint8Array ||
    a instanceof Int8Array ||
    a instanceof Uint16Array ||
    a instanceof Int16Array ||
    a instanceof Uint32Array ||
    a instanceof Int32Array ||
    a instanceof BigUint64Array ||
    a instanceof BigInt64Array
  );
}

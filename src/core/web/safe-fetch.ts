import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { PaiError } from '../../shared/errors';
import { isPrivateAddress } from './address';

export interface SafeFetchOptions {
  /** Host names allowed to resolve to loopback/private addresses (settings; tests use 127.0.0.1). */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  maxRedirects?: number;
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
}

const refused = (host: string) =>
  new PaiError(
    'FORBIDDEN',
    `拒绝访问本机或内网地址 / refused to fetch a loopback, private or link-local address: ${host}`,
  );

function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allow.some((a) => a.toLowerCase() === h);
}

type LookupCb = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that refuses private answers, used at connect time so a rebinding DNS cannot slip past. */
function guardedLookup(allow: readonly string[]) {
  return (hostname: string, options: { all?: boolean }, cb: LookupCb): void => {
    dnsLookup(hostname, { all: true }, (err, addrs) => {
      if (err) return cb(err, []);
      if (!hostAllowed(hostname, allow) && addrs.some((a) => isPrivateAddress(a.address))) {
        return cb(
          Object.assign(new Error(`private address: ${hostname}`), { code: 'EPRIVATE' }),
          [],
        );
      }
      if (options.all) return cb(null, addrs);
      const first = addrs[0];
      if (!first)
        return cb(
          Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          [],
        );
      cb(null, first.address, first.family);
    });
  };
}

function charsetOf(contentType: string, head: Buffer): string {
  const m =
    /charset=["']?([\w-]+)/i.exec(contentType) ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head.toString('latin1'));
  return (m?.[1] ?? 'utf-8').toLowerCase();
}

function decode(buf: Buffer, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType, buf.subarray(0, 2048))).decode(buf);
  } catch {
    return buf.toString('utf8');
  }
}

/**
 * GET a page for reading: http(s) only, private/loopback/link-local targets
 * refused (every resolved address checked, redirects re-checked), with a time
 * and size cap.
 */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedPage> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new PaiError('VALIDATION_FAILED', `无效的网址 / invalid URL: ${rawUrl.slice(0, 200)}`);
  }
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PaiError(
        'FORBIDDEN',
        `只允许 http(s) 网址 / only http(s) URLs are fetched: ${url.protocol}`,
      );
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host) && !hostAllowed(host, opts.allowHosts))
      throw refused(host);
    const res = await get(url, opts);
    if (res.status >= 300 && res.status < 400 && res.location) {
      url = new URL(res.location, url);
      continue;
    }
    return {
      url: url.toString(),
      status: res.status,
      contentType: res.contentType,
      body: res.body,
      truncated: res.truncated,
    };
  }
  throw new PaiError(
    'PROVIDER_UNAVAILABLE',
    `重定向次数过多 / too many redirects: ${rawUrl.slice(0, 200)}`,
  );
}

function get(
  url: URL,
  opts: SafeFetchOptions,
): Promise<{
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
  location?: string;
}> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; Pai/0.1; +local assistant)',
          accept:
            'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1',
          ...opts.headers,
        },
        lookup: guardedLookup(opts.allowHosts) as never,
        signal: opts.signal,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({
            status,
            contentType,
            body: '',
            truncated: false,
            location: res.headers.location,
          });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (c: Buffer) => {
          if (truncated) return;
          size += c.length;
          if (size > opts.maxBytes) {
            chunks.push(c.subarray(0, c.length - (size - opts.maxBytes)));
            truncated = true;
            res.destroy();
            finish();
            return;
          }
          chunks.push(c);
        });
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve({
            status,
            contentType,
            body: decode(Buffer.concat(chunks), contentType),
            truncated,
          });
        };
        res.on('end', finish);
        res.on('error', (e) => (truncated ? finish() : reject(e)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(
        new PaiError(
          'TIMEOUT',
          `抓取超时 / fetch timed out after ${opts.timeoutMs} ms: ${url.host}`,
        ),
      );
    }, opts.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (e instanceof PaiError) return reject(e);
      if (e.code === 'EPRIVATE') return reject(refused(url.hostname));
      reject(
        new PaiError('PROVIDER_UNAVAILABLE', `抓取失败 / fetch failed: ${url.host}: ${e.message}`),
      );
    });
    req.end();
  });
}

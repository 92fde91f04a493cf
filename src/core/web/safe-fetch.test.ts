import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebPeer, type WebPeer } from '../../../tests/peers/web-peer';
import { safeFetch } from './safe-fetch';

describe('safeFetch', () => {
  let web: WebPeer;
  beforeAll(async () => {
    web = await startWebPeer();
  });
  afterAll(async () => web.close());
  const opts = { allowHosts: ['127.0.0.1'], timeoutMs: 3000, maxBytes: 10_000 };

  it('caps the body size', async () => {
    const p = await safeFetch(`${web.base}/big`, opts);
    expect(p.truncated).toBe(true);
    expect(p.body.length).toBe(10_000);
  });

  it('re-checks every redirect target: an allowed host cannot bounce to a refused one', async () => {
    const to = encodeURIComponent(web.base.replace('127.0.0.1', 'localhost') + '/article');
    await expect(safeFetch(`${web.base}/redirect?to=${to}`, opts)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      safeFetch(`${web.base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, opts),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const ok = await safeFetch(`${web.base}/redirect?to=%2Farticle`, opts);
    expect(ok.url).toBe(`${web.base}/article`);
  });

  it('decodes the declared charset', async () => {
    const p = await safeFetch(`${web.base}/gbk`, opts);
    expect(p.body).toContain('你好');
  });
});

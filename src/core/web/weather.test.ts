import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../tests/helpers/mcp-app';
import { startWebPeer, type WebPeer } from '../../../tests/peers/web-peer';
import { startHttpMcpPeer, type HttpMcpPeer } from '../../../tests/peers/mcp-http';

describe('maps_weather', () => {
  let t: TestApp;
  let web: WebPeer;
  let mcp: HttpMcpPeer;
  beforeAll(async () => {
    t = makeTestApp();
    web = await startWebPeer();
    mcp = await startHttpMcpPeer();
    await t.call('web.settings.update', {
      weather_geocoding_url: `${web.base}/v1/search`,
      weather_forecast_url: `${web.base}/v1/forecast`,
      fetch_allow_hosts: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await t.close();
    await web.close();
    await mcp.close();
  });
  const weather = (args: Record<string, unknown>, locale: 'zh-CN' | 'en' = 'zh-CN') =>
    t.app.ctx.tools.execute('maps_weather', args, t.ctx({ locale }));

  it('needs city or adcode', async () => {
    const r = await weather({});
    expect(r.error?.code).toBe('VALIDATION_FAILED');
    expect(r.output).toContain('city 或 adcode');
  });

  it('answers from the key-less weather API in Chinese', async () => {
    const r = await weather({ city: '上海' });
    expect(r.ok).toBe(true);
    expect(r.output).toContain('上海, 中国 当前：多云，21.5°C（体感 20.1°C），湿度 60%');
    expect(r.output).toContain('2026-04-07：小雨，13~19°C，降水概率 80%');
    expect(r.output).toContain('<untrusted source="weather:open-meteo">');
  });

  it('answers in English for an English-speaking person', async () => {
    const r = await weather({ city: 'Shanghai' }, 'en');
    expect(r.output).toContain('Shanghai, China now: partly cloudy, 21.5°C (feels like 20.1°C)');
  });

  it('says a city was not found, and that an adcode alone needs a maps MCP server', async () => {
    expect((await weather({ city: 'Nowhere' })).output).toContain('未找到城市：Nowhere');
    const r = await weather({ adcode: '310000' });
    expect(r.error?.code).toBe('NOT_CONFIGURED');
  });

  it('goes through a configured MCP weather tool when there is one (also via mcp_call_tool)', async () => {
    await t.call('mcp.servers.add', { name: 'amap', transport: 'http', url: mcp.url });
    const r = await weather({ adcode: '310000' });
    expect(r.ok).toBe(true);
    expect(mcp.state.calls).toContain('maps_weather::310000');
    expect(r.output).toContain('<untrusted source="weather:mcp:amap/maps_weather">');
    const via = await t.app.ctx.tools.execute(
      'mcp_call_tool',
      { tool_name: 'maps_weather', arguments_json: '{"city":"上海"}' },
      t.ctx(),
    );
    expect(via.ok).toBe(true);
    expect(mcp.state.calls).toContain('maps_weather:上海:');
  });
});

import { describe, expect, it } from 'vitest';
import { useWebTestApp } from '../../../tests/helpers/web-app';

describe('maps_weather', () => {
  const w = useWebTestApp({
    mcp: true,
    setup: ({ t, web }) =>
      t.call('web.settings.update', {
        weather_geocoding_url: `${web.base}/v1/search`,
        weather_forecast_url: `${web.base}/v1/forecast`,
        fetch_allow_hosts: ['127.0.0.1'],
      }),
  });
  const weather = (args: Record<string, unknown>, locale: 'zh-CN' | 'en' = 'zh-CN') =>
    w.t.app.ctx.tools.execute('maps_weather', args, w.t.ctx({ locale }));

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
    await w.t.call('mcp.servers.add', { name: 'amap', transport: 'http', url: w.mcp.url });
    const r = await weather({ adcode: '310000' });
    expect(r.ok).toBe(true);
    expect(w.mcp.state.calls).toContain('maps_weather::310000');
    expect(r.output).toContain('<untrusted source="weather:mcp:amap/maps_weather">');
    const via = await w.t.app.ctx.tools.execute(
      'mcp_call_tool',
      { tool_name: 'maps_weather', arguments_json: '{"city":"上海"}' },
      w.t.ctx(),
    );
    expect(via.ok).toBe(true);
    expect(w.mcp.state.calls).toContain('maps_weather:上海:');
  });
});

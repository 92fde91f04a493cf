import { PaiError } from '../../shared/errors';
import type { Locale } from '../../shared/contract';
import type { ToolContext } from '../tools/types';
import type { WebSettingsService } from './settings';
import type { WebService } from './service';
import { safeFetch } from './safe-fetch';

/** WMO weather codes (Open-Meteo) in both languages. */
const WMO: Record<number, [string, string]> = {
  0: ['晴', 'clear sky'],
  1: ['大部晴朗', 'mainly clear'],
  2: ['多云', 'partly cloudy'],
  3: ['阴', 'overcast'],
  45: ['雾', 'fog'],
  48: ['冻雾', 'depositing rime fog'],
  51: ['小毛毛雨', 'light drizzle'],
  53: ['毛毛雨', 'drizzle'],
  55: ['大毛毛雨', 'dense drizzle'],
  56: ['冻毛毛雨', 'freezing drizzle'],
  57: ['强冻毛毛雨', 'dense freezing drizzle'],
  61: ['小雨', 'light rain'],
  63: ['中雨', 'moderate rain'],
  65: ['大雨', 'heavy rain'],
  66: ['冻雨', 'freezing rain'],
  67: ['强冻雨', 'heavy freezing rain'],
  71: ['小雪', 'light snow'],
  73: ['中雪', 'moderate snow'],
  75: ['大雪', 'heavy snow'],
  77: ['雪粒', 'snow grains'],
  80: ['小阵雨', 'light showers'],
  81: ['阵雨', 'showers'],
  82: ['强阵雨', 'violent showers'],
  85: ['小阵雪', 'light snow showers'],
  86: ['阵雪', 'snow showers'],
  95: ['雷阵雨', 'thunderstorm'],
  96: ['雷阵雨伴小冰雹', 'thunderstorm with hail'],
  99: ['雷阵雨伴冰雹', 'thunderstorm with heavy hail'],
};
export const weatherText = (code: number, locale: Locale) =>
  WMO[code]?.[locale === 'en' ? 1 : 0] ?? (locale === 'en' ? `code ${code}` : `天气代码 ${code}`);

export interface WeatherReport {
  location: string;
  source: string;
  current: {
    temperature_c: number;
    apparent_c: number | null;
    humidity: number | null;
    wind_kmh: number | null;
    weather: string;
  } | null;
  daily: {
    date: string;
    weather: string;
    min_c: number;
    max_c: number;
    precipitation_probability: number | null;
  }[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * maps_weather: a configured MCP maps/weather tool when there is one (reference
 * 000), else Open-Meteo (no key). The text is in the person's language.
 */
export class WeatherService {
  constructor(
    private readonly web: WebService,
    private readonly settings: WebSettingsService,
  ) {}

  async weather(
    args: { city: string; adcode: string },
    ctx: ToolContext,
  ): Promise<{ text: string; data: unknown; source: string }> {
    const tool = await this.web.mcpTool('weather');
    if (tool) {
      const a: Record<string, string> = {};
      if (args.city) a.city = args.city;
      if (args.adcode) a.adcode = args.adcode;
      const text = await this.web.callMcp(tool, a, ctx);
      return {
        text,
        data: { source: `mcp:${tool.server}/${tool.rawName}`, content: text },
        source: `mcp:${tool.server}/${tool.rawName}`,
      };
    }
    if (!args.city) {
      throw new PaiError(
        'NOT_CONFIGURED',
        '仅凭 adcode 查询需要配置地图/天气 MCP 服务；请提供城市名。 An adcode needs a maps/weather MCP server; please give a city name.',
      );
    }
    const report = await this.openMeteo(args.city, ctx);
    return { text: formatReport(report, ctx.locale), data: report, source: report.source };
  }

  private async json(url: string, ctx: ToolContext): Promise<Record<string, unknown>> {
    const s = this.settings.get();
    const page = await safeFetch(url, {
      allowHosts: s.fetch_allow_hosts,
      timeoutMs: s.fetch_timeout_ms,
      maxBytes: 1_000_000,
      signal: ctx.signal,
      headers: { accept: 'application/json' },
    });
    if (page.status >= 400)
      throw new PaiError(
        'PROVIDER_UNAVAILABLE',
        `天气服务出错 / weather service failed: HTTP ${page.status}`,
      );
    try {
      return JSON.parse(page.body) as Record<string, unknown>;
    } catch {
      throw new PaiError(
        'PROVIDER_UNAVAILABLE',
        '天气服务返回了无效数据 / weather service returned invalid data',
      );
    }
  }

  private async openMeteo(city: string, ctx: ToolContext): Promise<WeatherReport> {
    const s = this.settings.get();
    const g = new URL(s.weather_geocoding_url);
    g.searchParams.set('name', city);
    g.searchParams.set('count', '1');
    g.searchParams.set('language', ctx.locale === 'en' ? 'en' : 'zh');
    g.searchParams.set('format', 'json');
    const geo = await this.json(g.toString(), ctx);
    const place = (Array.isArray(geo.results) ? geo.results[0] : undefined) as
      Record<string, unknown> | undefined;
    const lat = num(place?.latitude);
    const lon = num(place?.longitude);
    if (!place || lat === null || lon === null) {
      throw new PaiError(
        'NOT_FOUND',
        ctx.locale === 'en' ? `City not found: ${city}` : `未找到城市：${city}`,
      );
    }
    const f = new URL(s.weather_forecast_url);
    f.searchParams.set('latitude', String(lat));
    f.searchParams.set('longitude', String(lon));
    f.searchParams.set(
      'current',
      'temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m',
    );
    f.searchParams.set(
      'daily',
      'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
    );
    f.searchParams.set('timezone', 'auto');
    f.searchParams.set('forecast_days', '3');
    const fc = await this.json(f.toString(), ctx);
    const cur = (fc.current ?? null) as Record<string, unknown> | null;
    const daily = (fc.daily ?? {}) as Record<string, unknown[]>;
    const dates = Array.isArray(daily.time) ? daily.time : [];
    const name = [place.name, place.admin1, place.country]
      .filter((x) => typeof x === 'string' && x)
      .filter((x, i, a) => a.indexOf(x) === i);
    return {
      location: name.join(', '),
      source: 'open-meteo',
      current:
        cur && num(cur.temperature_2m) !== null
          ? {
              temperature_c: num(cur.temperature_2m)!,
              apparent_c: num(cur.apparent_temperature),
              humidity: num(cur.relative_humidity_2m),
              wind_kmh: num(cur.wind_speed_10m),
              weather: weatherText(num(cur.weather_code) ?? -1, ctx.locale),
            }
          : null,
      daily: dates.map((d, i) => ({
        date: String(d),
        weather: weatherText(num(daily.weather_code?.[i]) ?? -1, ctx.locale),
        min_c: num(daily.temperature_2m_min?.[i]) ?? NaN,
        max_c: num(daily.temperature_2m_max?.[i]) ?? NaN,
        precipitation_probability: num(daily.precipitation_probability_max?.[i]),
      })),
    };
  }
}

export function formatReport(r: WeatherReport, locale: Locale): string {
  const en = locale === 'en';
  const lines: string[] = [];
  if (r.current) {
    const c = r.current;
    lines.push(
      en
        ? `${r.location} now: ${c.weather}, ${c.temperature_c}°C${c.apparent_c !== null ? ` (feels like ${c.apparent_c}°C)` : ''}${c.humidity !== null ? `, humidity ${c.humidity}%` : ''}${c.wind_kmh !== null ? `, wind ${c.wind_kmh} km/h` : ''}.`
        : `${r.location} 当前：${c.weather}，${c.temperature_c}°C${c.apparent_c !== null ? `（体感 ${c.apparent_c}°C）` : ''}${c.humidity !== null ? `，湿度 ${c.humidity}%` : ''}${c.wind_kmh !== null ? `，风速 ${c.wind_kmh} km/h` : ''}。`,
    );
  } else {
    lines.push(en ? `${r.location}:` : `${r.location}：`);
  }
  for (const d of r.daily) {
    const p = d.precipitation_probability;
    lines.push(
      en
        ? `${d.date}: ${d.weather}, ${d.min_c}–${d.max_c}°C${p !== null ? `, precipitation ${p}%` : ''}`
        : `${d.date}：${d.weather}，${d.min_c}~${d.max_c}°C${p !== null ? `，降水概率 ${p}%` : ''}`,
    );
  }
  lines.push(en ? 'Source: Open-Meteo' : '数据来源：Open-Meteo');
  return lines.join('\n');
}

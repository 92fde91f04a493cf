import { z } from 'zod';
import { defineTool, type AnyToolDef } from './types';
import { optText } from './args';
import type { WeatherService } from '../web/weather';
import { wrapUntrusted } from '../web/untrusted';

/** maps_weather (reference 000): city or adcode, at least one. */
export function weatherTools(weather: WeatherService): AnyToolDef[] {
  return [
    defineTool({
      name: 'maps_weather',
      source: 'mcp',
      risk: 'read',
      mainAgent: true,
      limit: 'external',
      description:
        '查询城市天气（实况与未来几天预报）。Weather now and the next days for a city (name or adcode).',
      schema: z
        .object({
          city: optText('城市名，如 上海 (city name)', 100),
          adcode: optText('行政区划代码，如 310000 (Chinese adcode)', 20),
        })
        .refine((a) => a.city.trim() || a.adcode.trim(), {
          message: 'city 或 adcode 至少提供一个 / give city or adcode',
        }),
      summarize: (a, locale) =>
        locale === 'en' ? `Weather for ${a.city || a.adcode}` : `查询天气：${a.city || a.adcode}`,
      async run(a, ctx) {
        const r = await weather.weather({ city: a.city.trim(), adcode: a.adcode.trim() }, ctx);
        return { output: wrapUntrusted(`weather:${r.source}`, r.text), output_data: r.data };
      },
    }),
  ];
}

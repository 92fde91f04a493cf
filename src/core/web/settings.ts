import type { SettingsService } from '../settings/service';
import type { SecretStore } from '../mcp/secrets';
import { PaiError } from '../../shared/errors';
import { webSettingsSchema, type WebSettings } from '../../shared/contract';
import type { z } from 'zod';
import type { webSettingsPatchSchema, webSettingsViewSchema } from '../../shared/contract';

export const WEB_SETTINGS_KEY = 'web';
export const SEARCH_API_KEY_SECRET = 'web:search:api_key';

export const DEFAULT_WEB_SETTINGS: WebSettings = {
  search_provider: 'none',
  search_url: '',
  mcp_search_tool: '',
  mcp_crawl_tool: '',
  mcp_weather_tool: '',
  fetch_allow_hosts: [],
  fetch_timeout_ms: 10_000,
  fetch_max_bytes: 2_000_000,
  weather_geocoding_url: 'https://geocoding-api.open-meteo.com/v1/search',
  weather_forecast_url: 'https://api.open-meteo.com/v1/forecast',
};

/** Web search / fetcher / weather settings; the API key goes to the SecretStore. */
export class WebSettingsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly secrets: SecretStore,
  ) {}

  get(): WebSettings {
    return this.settings.get(WEB_SETTINGS_KEY, webSettingsSchema, DEFAULT_WEB_SETTINGS);
  }

  apiKey(): string | undefined {
    return this.secrets.get(SEARCH_API_KEY_SECRET) || undefined;
  }

  view(): z.output<typeof webSettingsViewSchema> {
    return { ...this.get(), has_api_key: Boolean(this.apiKey()) };
  }

  update(patch: z.output<typeof webSettingsPatchSchema>): z.output<typeof webSettingsViewSchema> {
    const { api_key, ...rest } = patch;
    const next = { ...this.get(), ...rest };
    const keyAfter = api_key === undefined ? this.apiKey() : api_key || undefined;
    // Refuse a provider that cannot work, before anything is stored.
    if (next.search_provider === 'searxng' && !next.search_url) {
      throw new PaiError('VALIDATION_FAILED', 'SearXNG 需要填写地址 / SearXNG needs its URL');
    }
    if ((next.search_provider === 'tavily' || next.search_provider === 'brave') && !keyAfter) {
      throw new PaiError(
        'VALIDATION_FAILED',
        `${next.search_provider} 需要 API Key / ${next.search_provider} needs an API key`,
      );
    }
    this.settings.set(WEB_SETTINGS_KEY, webSettingsSchema, next);
    if (api_key === null || api_key === '') this.secrets.set(SEARCH_API_KEY_SECRET, null);
    else if (api_key !== undefined) this.secrets.set(SEARCH_API_KEY_SECRET, api_key);
    return this.view();
  }
}

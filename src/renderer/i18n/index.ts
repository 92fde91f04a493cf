import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './locales/common';
import { ledger } from './locales/ledger';
import { receipts } from './locales/receipts';
import { quickadd } from './locales/quickadd';
import { data } from './locales/data';
import { settings } from './locales/settings';
import { mcp } from './locales/mcp';
import { memory } from './locales/memory';
import { chat } from './locales/chat';
import { schedule } from './locales/schedule';

// One namespace per domain; a domain adds its file under locales/ and a line here.
const namespaces = {
  common,
  ledger,
  receipts,
  quickadd,
  data,
  settings,
  mcp,
  memory,
  chat,
  schedule,
} as const;

type Lang = 'zh-CN' | 'en';
const resources: Record<Lang, Record<string, object>> = { 'zh-CN': {}, en: {} };
for (const [ns, texts] of Object.entries(namespaces)) {
  resources['zh-CN'][ns] = texts['zh-CN'];
  resources.en[ns] = texts.en;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: Object.keys(namespaces),
  interpolation: { escapeValue: false },
});

export default i18n;

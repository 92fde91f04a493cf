import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces } from './namespaces';

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

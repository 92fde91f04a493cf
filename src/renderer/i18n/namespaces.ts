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
export const namespaces = {
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

import type { Locale } from '../../shared/contract';
import type { ErrorCode } from '../../shared/errors';

/** What the person reads when a turn cannot go on, in their language. */
const TEXT: Record<string, Record<Locale, string>> = {
  NOT_CONFIGURED: {
    'zh-CN': '还没有配置对话模型。请打开「设置 → 模型服务」，选择服务商并填写 API Key 和模型名。',
    en: 'No chat model is set up yet. Open Settings → Model provider, choose a provider and enter its API key and model.',
  },
  AUTH: {
    'zh-CN': '模型服务拒绝了 API Key。请在「设置 → 模型服务」中检查 API Key。',
    en: 'The model provider refused the API key. Check the key in Settings → Model provider.',
  },
  MODEL_NOT_FOUND: {
    'zh-CN': '模型服务找不到这个模型名。请在「设置 → 模型服务」中检查模型名称。',
    en: 'The provider does not know this model name. Check the model in Settings → Model provider.',
  },
  PROVIDER_UNAVAILABLE: {
    'zh-CN':
      '连接不上模型服务。请确认服务已启动、网络可用，或在「设置 → 模型服务」中检查地址。记账、提醒等功能不受影响。',
    en: 'Cannot reach the model provider. Check that it is running and reachable, or its address in Settings → Model provider. Ledger and reminders still work.',
  },
  RATE_LIMIT: {
    'zh-CN': '模型服务繁忙或额度已用完，请稍后再试。',
    en: 'The model provider is busy or out of quota. Please try again later.',
  },
  TIMEOUT: {
    'zh-CN': '模型服务 60 秒内没有响应，本轮已停止。请稍后再试。',
    en: 'The model provider did not answer within 60 seconds; this turn stopped. Please try again.',
  },
  INTERNAL: {
    'zh-CN': '处理这条消息时出错了，请重试。',
    en: 'Something went wrong while handling this message. Please try again.',
  },
  BUSY: {
    'zh-CN': '这个会话正在回复中，请等它结束或先停止。',
    en: 'This conversation is still answering; wait for it or stop it first.',
  },
  NOTHING_PENDING: {
    'zh-CN': '这个会话没有等待确认的操作。',
    en: 'Nothing is waiting for an answer in this conversation.',
  },
};

export function say(key: keyof typeof TEXT, locale: Locale): string {
  return TEXT[key]![locale];
}

export interface UserFacingError {
  code: ErrorCode;
  message: string;
}

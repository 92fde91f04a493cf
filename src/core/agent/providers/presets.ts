import type { ProviderPreset, ProviderPresetId } from '../../../shared/contract';

/** OpenAI-compatible endpoints people commonly use. Models are sensible defaults, editable in settings. */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    label: 'OpenAI',
    baseURL: 'https://api.openai.com/v1',
    chatModel: 'gpt-4o-mini',
    visionModel: 'gpt-4o-mini',
    embeddingModel: 'text-embedding-3-small',
    needsKey: true,
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    baseURL: 'https://api.deepseek.com/v1',
    chatModel: 'deepseek-chat',
    visionModel: '',
    embeddingModel: '',
    needsKey: true,
  },
  {
    id: 'qwen',
    label: '通义千问 (DashScope)',
    baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    chatModel: 'qwen-plus',
    visionModel: 'qwen-vl-plus',
    embeddingModel: 'text-embedding-v3',
    needsKey: true,
  },
  {
    id: 'moonshot',
    label: 'Moonshot (Kimi)',
    baseURL: 'https://api.moonshot.cn/v1',
    chatModel: 'moonshot-v1-8k',
    visionModel: 'moonshot-v1-8k-vision-preview',
    embeddingModel: '',
    needsKey: true,
  },
  {
    id: 'ollama',
    label: 'Ollama',
    baseURL: 'http://127.0.0.1:11434/v1',
    chatModel: 'qwen2.5:7b',
    visionModel: 'llava',
    embeddingModel: 'nomic-embed-text',
    needsKey: false,
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    baseURL: 'http://127.0.0.1:1234/v1',
    chatModel: 'local-model',
    visionModel: '',
    embeddingModel: '',
    needsKey: false,
  },
  {
    id: 'custom',
    label: 'Custom / 自定义',
    baseURL: '',
    chatModel: '',
    visionModel: '',
    embeddingModel: '',
    needsKey: false,
  },
];

export function preset(id: ProviderPresetId): ProviderPreset {
  return (
    PROVIDER_PRESETS.find((p) => p.id === id) ?? PROVIDER_PRESETS[PROVIDER_PRESETS.length - 1]!
  );
}

import { z } from 'zod';
import type { ProfileService, ProfileField } from '../profile/service';
import type { Locale, Profile } from '../../shared/contract';
import { defineTool, type AnyToolDef } from './types';

const LABELS: Record<Locale, Record<ProfileField | 'email' | 'platform', string>> = {
  'zh-CN': {
    nickname: '昵称',
    ai_name: '助手名称',
    ai_emoji: '助手表情',
    email: '邮箱',
    platform: '平台',
  },
  en: {
    nickname: 'Nickname',
    ai_name: 'Assistant name',
    ai_emoji: 'Assistant emoji',
    email: 'Email',
    platform: 'Platform',
  },
};

function profileText(p: Profile, locale: Locale): string {
  const l = LABELS[locale];
  const none = locale === 'en' ? '(not set)' : '（未设置）';
  return (['nickname', 'ai_name', 'ai_emoji', 'platform', 'email'] as const)
    .map((k) => `${l[k]}：${p[k] || none}`)
    .join('\n');
}

const opt = (d: string, max: number) =>
  z.string().trim().max(max).optional().default('').describe(d);

/** update_user_profile / query_user_profile (reference 000): text results. */
export function profileTools(profile: ProfileService): AnyToolDef[] {
  const update = defineTool({
    name: 'update_user_profile',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '更新用户档案：用户昵称、助手名称、助手表情；只改传入的非空字段。Update the profile (nickname, assistant name/emoji). 不要把这些写进长期记忆。',
    schema: z.object({
      nickname: opt('用户希望被称呼的昵称，留空不改 (nickname)', 50),
      ai_name: opt('助手的名字，留空不改 (assistant name)', 50),
      ai_emoji: opt('助手的表情符号，留空不改 (assistant emoji)', 16),
    }),
    summarize: (a, locale) => {
      const parts = (['nickname', 'ai_name', 'ai_emoji'] as const)
        .filter((k) => a[k])
        .map((k) => `${LABELS[locale][k]} → ${a[k]}`);
      return (
        (locale === 'en' ? 'Update profile: ' : '更新档案：') +
        parts.join(locale === 'en' ? ', ' : '，')
      );
    },
    async run(a, c) {
      const patch = {
        ...(a.nickname ? { nickname: a.nickname } : {}),
        ...(a.ai_name ? { ai_name: a.ai_name } : {}),
        ...(a.ai_emoji ? { ai_emoji: a.ai_emoji } : {}),
      };
      const { profile: p, changed } = await profile.update(c.userId, patch, c.actor);
      const l = LABELS[c.locale];
      const text =
        changed.length === 0
          ? c.locale === 'en'
            ? 'Nothing changed.'
            : '档案没有变化。'
          : (c.locale === 'en' ? 'Profile updated: ' : '已更新档案：') +
            changed.map((k) => `${l[k]} → ${p[k]}`).join(c.locale === 'en' ? ', ' : '，');
      return { output: text, output_data: { profile: p, changed } };
    },
  });

  const query = defineTool({
    name: 'query_user_profile',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description: '查询用户档案：昵称、助手名称、表情、平台、邮箱。Read the profile.',
    schema: z.object({}),
    run(_a, c) {
      const p = profile.get(c.userId);
      return { output: profileText(p, c.locale), output_data: p };
    },
  });

  return [update, query];
}

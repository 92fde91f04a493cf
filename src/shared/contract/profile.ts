import { z } from 'zod';
import { op } from './define';
import { emptySchema } from './common';

export const profileSchema = z.object({
  nickname: z.string(),
  ai_name: z.string(),
  ai_emoji: z.string(),
  email: z.string(),
  platform: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    nickname: z.string().trim().max(50).optional(),
    ai_name: z.string().trim().max(50).optional(),
    ai_emoji: z.string().trim().max(16).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileOps = {
  'profile.get': op(emptySchema, profileSchema),
  'profile.update': op(profileUpdateSchema, profileSchema),
};

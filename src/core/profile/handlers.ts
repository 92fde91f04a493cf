import type { PaiModule } from '../module';
import type { ProfileService } from './service';

export function profileModule(profile: ProfileService): PaiModule {
  return {
    name: 'profile',
    handlers: {
      'profile.get': (_input, meta) => profile.get(meta.userId),
      'profile.update': async (input, meta) =>
        (await profile.update(meta.userId, input, meta.actor)).profile,
    },
  };
}

import { PaiError } from '../../shared/errors';
import type { CoreContext, PaiModule } from '../module';
import { isValidZone } from '../time';

export function appModule(ctx: CoreContext): PaiModule {
  return {
    name: 'app',
    handlers: {
      'app.info': () => ({
        version: ctx.options.version ?? '0.1.0',
        dataDir: ctx.dataDir,
        timeZone: ctx.timeZone(),
        locale: ctx.locale(),
      }),
      'settings.get': () => ctx.settings.general(),
      'settings.update': (patch) => {
        if (patch.timeZone !== undefined && !isValidZone(patch.timeZone)) {
          throw new PaiError('VALIDATION_FAILED', `Unknown time zone: ${patch.timeZone}`);
        }
        // Nothing to change: no write, no event.
        if (Object.keys(patch).length === 0) return ctx.settings.general();
        const next = ctx.settings.updateGeneral(patch);
        ctx.events.emit('data.changed', { domain: 'settings' });
        return next;
      },
    },
  };
}

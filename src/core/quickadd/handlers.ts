import type { PaiModule } from '../module';
import type { QuickAddService } from './service';

export function quickAddModule(quickAdd: QuickAddService): PaiModule {
  return {
    name: 'quickadd',
    handlers: {
      'quickadd.parse': (input) => quickAdd.parse(input.line, input.now),
      'quickadd.save': (input, meta) => quickAdd.save(meta.userId, input, { actor: meta.actor }),
    },
  };
}

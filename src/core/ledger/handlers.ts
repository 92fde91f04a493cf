import type { CoreContext, PaiModule } from '../module';
import type { LedgerService } from './service';

export function ledgerModule(ctx: CoreContext, ledger: LedgerService): PaiModule {
  return {
    name: 'ledger',
    handlers: {
      'ledger.list': (input, meta) => ledger.list(meta.userId, input),
      'ledger.get': (input, meta) => ledger.get(meta.userId, input.id),
      'ledger.create': (input, meta) => ledger.create(meta.userId, input, { actor: meta.actor }),
      'ledger.update': (input, meta) =>
        ledger.update(meta.userId, input.id, input.patch, { actor: meta.actor }),
      'ledger.delete': (input, meta) => ledger.delete(meta.userId, input.id, { actor: meta.actor }),
      'ledger.undoDelete': (input, meta) =>
        ledger.undoDelete(meta.userId, input.undo_token, { actor: meta.actor }),
      'ledger.summary': (input, meta) => ledger.summary(meta.userId, input),
      'ledger.categories': (_input, meta) =>
        ledger.categories(meta.userId, ctx.settings.general().categories),
    },
  };
}

import type { CoreContext, PaiModule } from '../module';
import type { ReceiptsService } from './service';

/** receipts.* operations: analyse a dropped image, book it, show the stored image. */
export function receiptsModule(
  _ctx: CoreContext,
  receipts: ReceiptsService,
  stop?: () => Promise<void>,
): PaiModule {
  return {
    name: 'receipts',
    handlers: {
      'receipts.analyze': (input, meta) => receipts.analyze(meta.userId, input),
      'receipts.book': (input, meta) => receipts.book(meta.userId, input, { actor: meta.actor }),
      'receipts.image': (input) => receipts.image(input.image_ref),
    },
    stop,
  };
}

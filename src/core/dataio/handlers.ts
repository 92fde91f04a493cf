import type { PaiModule } from '../module';
import type { DataService } from './service';

export function dataModule(data: DataService): PaiModule {
  return {
    name: 'data',
    handlers: {
      'data.export': (input, meta) => data.writeExport(meta.userId, input.format),
      'data.importCsvPreview': (input, meta) => data.previewCsv(meta.userId, input),
      'data.importCsv': (input, meta) => data.importCsv(meta.userId, input, meta.actor),
    },
  };
}

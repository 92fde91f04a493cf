import type { PaiModule } from '../module';
import type { DataDirService } from './service';

export function dataDirModule(service: DataDirService): PaiModule {
  return {
    name: 'datadir',
    handlers: {
      'app.dataDir.get': () => service.info(),
      'app.dataDir.set': (input) => service.set(input),
    },
  };
}

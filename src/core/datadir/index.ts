export { DataDirService, type DataDirInfo } from './service';
export { dataDirModule } from './handlers';
export { POINTER_FILE, readPointer, resolveDataDir, writePointer } from './pointer';
export { dataLocation, type DataLocation } from './location';

export { DataService, EXPORT_DIR, type DataDeps } from './service';
export { dataModule } from './handlers';
export { buildExport, exportDocSchema, type ExportDoc } from './export-json';
export { readExportDoc, importExportDoc } from './import-json';
export { parseAmount, readCsv } from './csv-import';

import { Space } from 'antd';
import BackupsCard from './BackupsCard';
import ExportCard from './ExportCard';
import ImportCsvCard from './ImportCsvCard';

/** "Your data": backups, export, ledger CSV import. Meant as the data tab of Settings. */
export default function DataView() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
      <BackupsCard />
      <ExportCard />
      <ImportCsvCard />
    </Space>
  );
}

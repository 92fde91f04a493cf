import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  BellOutlined,
  BookOutlined,
  BulbOutlined,
  MessageOutlined,
  ThunderboltOutlined,
  SettingOutlined,
} from '@ant-design/icons';

export interface RouteDef {
  key: string;
  /** i18n key in the common namespace */
  label: string;
  icon: ComponentType;
  /** Code-split: each view loads on first visit. null = not built yet. */
  view: LazyExoticComponent<ComponentType> | null;
}

export const ROUTES: RouteDef[] = [
  {
    key: 'chat',
    label: 'nav.chat',
    icon: MessageOutlined,
    view: lazy(() => import('./views/chat/ChatView')),
  },
  {
    key: 'ledger',
    label: 'nav.ledger',
    icon: BookOutlined,
    view: lazy(() => import('./views/ledger/LedgerView')),
  },
  {
    key: 'schedule',
    label: 'nav.schedule',
    icon: BellOutlined,
    view: lazy(() => import('./views/schedule/ScheduleView')),
  },
  {
    key: 'memory',
    label: 'nav.memory',
    icon: BulbOutlined,
    view: lazy(() => import('./views/memory/MemoryView')),
  },
  {
    key: 'settings',
    label: 'nav.settings',
    icon: SettingOutlined,
    view: lazy(() => import('./views/settings/SettingsView')),
  },
  // Also the tray's quick-add window (#/quickadd).
  {
    key: 'quickadd',
    label: 'quickadd:title',
    icon: ThunderboltOutlined,
    view: lazy(() => import('./views/quickadd/QuickAddView')),
  },
];

// The application menu: the usual Edit roles (so copy/paste work on macOS),
// window roles, reload only in development, and an explicit Quit.
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export function installAppMenu(actions: { quickAdd(): void; quit(): void }): void {
  const dev = !app.isPackaged;
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'Pai',
      submenu: [
        {
          label: 'Quick add',
          accelerator: 'CommandOrControl+Shift+Space',
          click: actions.quickAdd,
        },
        { type: 'separator' },
        { label: 'Quit', accelerator: 'CommandOrControl+Q', click: actions.quit },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(dev
          ? [
              { role: 'reload' as const },
              { role: 'toggleDevTools' as const },
              { type: 'separator' as const },
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

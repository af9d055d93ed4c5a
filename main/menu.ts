/**
 * The application menu: File (open the workspace folder, quit), Edit (standard roles, which also make the
 * clipboard shortcuts work on macOS), View (reload and devtools, development builds only), Help (About).
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** True when running from a checkout (not packaged): adds the View menu. */
  isDev: boolean;
  /** True on macOS, where the first menu is the application menu. */
  isMac: boolean;
  openWorkspaceFolder: () => void;
  showAbout: () => void;
}

/** Builds the menu template; pure, so a test can read it without Electron. */
export function buildMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (actions.isMac) template.push({ role: 'appMenu' });
  template.push({
    label: 'File',
    submenu: [{ label: 'Open Workspace Folder…', click: () => actions.openWorkspaceFolder() }, { type: 'separator' }, { role: 'quit' }],
  });
  template.push({ role: 'editMenu' });
  if (actions.isDev) {
    template.push({
      label: 'View',
      submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
    });
  }
  template.push({
    role: 'help',
    submenu: [{ label: 'About Recheck', click: () => actions.showAbout() }],
  });
  return template;
}

/**
 * Page-to-page moves of the admin area (a static multi-page site): the id of a details route,
 * going back to a panel with its last search, and toasts that must survive a page change.
 */
import { toast, type ToastOptions } from '../toast.tsx';

/** The id after `/details/` (or another `segment`) in the current path, or undefined (e.g. /admin/vacancies/details/). */
export function idFromPath(pathname: string = location.pathname, segment = 'details'): string | undefined {
  const match = new RegExp(`/${segment}/([^/?#]+)/?$`).exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

const lastQueryKey = (panel: string) => `admin:last-query:${panel}`;

/** Panels remember their query (search and page) so "Back" and "after delete" return to the same view. */
export function rememberPanelQuery(panel: string, search: string): void {
  try {
    sessionStorage.setItem(lastQueryKey(panel), search);
  } catch {
    /* storage can be disabled: returning to page 1 is fine */
  }
}

export function panelUrl(panel: string): string {
  try {
    return panel + (sessionStorage.getItem(lastQueryKey(panel)) ?? '');
  } catch {
    return panel;
  }
}

/** Back from a details page: the browser's Back when we came from the panel (keeps scroll), else the panel. */
export function goBackToPanel(panel: string): void {
  try {
    if (document.referrer && new URL(document.referrer).pathname.replace(/\/$/, '') === panel && history.length > 1) {
      history.back();
      return;
    }
  } catch {
    /* fall through */
  }
  location.assign(panelUrl(panel));
}

/** Leaves a details page for its panel without keeping the (deleted or missing) record in history. */
export function replaceWithPanel(panel: string): void {
  location.replace(panelUrl(panel));
}

type FlashType = 'success' | 'error' | 'info' | 'warning';
interface Flash {
  type: FlashType;
  message: string;
  autoClose?: number;
}
const FLASH_KEY = 'admin:flash-toasts';

/** A toast shown on the next page (the toast container of this page goes away with it). */
export function flashToast(type: FlashType, message: string, autoClose?: number): void {
  try {
    const list = JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]') as Flash[];
    list.push({ type, message, autoClose });
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(list));
  } catch {
    /* no storage: the toast is lost, the navigation still happens */
  }
}

export function showFlashToasts(): void {
  let list: Flash[];
  try {
    list = JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]') as Flash[];
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  for (const flash of list) {
    const options: ToastOptions = flash.autoClose ? { autoClose: flash.autoClose } : {};
    toast[flash.type](flash.message, options);
  }
}

/**
 * The home pop-up's rules that its opener script (popup-opener.ts) and its island share, with no
 * framework code: when it opens, that it stays closed for the rest of the visit once closed or
 * sent, and the prefix of its React ids (the server's drawing and the island's must agree).
 */
export const POPUP_DELAY_MS = 1500;
export const POPUP_CLOSED_KEY = 'enquiry-popup-closed';
export const POPUP_ID_PREFIX = 'enquiry';

export function closedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(POPUP_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberClosed(): void {
  try {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
  } catch {
    /* storage disabled: it simply may show again on the next page load */
  }
}

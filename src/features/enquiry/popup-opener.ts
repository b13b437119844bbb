/**
 * The home pop-up before (and after) its island: no framework. 1.5 s after load it opens the
 * server-drawn dialog as a modal, focus on its close button; Tab stays inside; the close button and
 * Esc close it, focus goes back where it was, and it stays closed for the rest of the visit.
 * Signed-in staff never see it (their browser holds the XSRF-TOKEN cookie). The form's island is
 * fetched only when the visitor starts on the form (focus, tap, typing), or at once when the
 * browser keeps a draft of it, so the draft shows when the pop-up opens. A button pressed before the
 * island has taken over (Submit tapped first, Enter in a field, Clear this form) is held and pressed
 * again for the island once it is ready.
 */
import { readXsrfCookie } from '../../lib/api-client.ts';
import { hasDraft } from '../../components/forms/draft-key.ts';
import { POPUP_DELAY_MS, closedThisVisit, rememberClosed } from './popup-visit.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])';

const root = document.querySelector<HTMLElement>('[data-enquiry-popup]');
const dialog = root?.querySelector('dialog');

if (root && dialog && !closedThisVisit()) {
  let returnTo: HTMLElement | null = null;
  let island: Promise<void> | undefined;
  let ready = false;
  /** A button of the form pressed before the island was ready (Submit, Clear this form), pressed again once it is. */
  let held: HTMLButtonElement | null = null;
  const form = dialog.querySelector('form');
  const starts = ['focusin', 'pointerdown', 'input'] as const;
  const started = () => {
    for (const type of starts) dialog.removeEventListener(type, onForm);
    island ??= import('./popup-island.tsx')
      .then((m) => m.hydrateEnquiryPopup(root))
      .then(() => {
        ready = true;
        held?.click();
      });
  };
  const onForm = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('form')) started();
  };
  for (const type of starts) dialog.addEventListener(type, onForm);
  // Until then the page's script answers for the form: the browser never sends it itself (the fields
  // would go in the address), and the island's half-started handlers see nothing (stopPropagation).
  form?.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (ready || !button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    started();
  });
  form?.addEventListener('submit', (event) => {
    if (ready) return;
    event.preventDefault();
    event.stopPropagation();
    started();
  });

  dialog.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-close]')) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    // Tab from the last control goes to the first and back; a dialog inside (the clear confirmation) keeps its own.
    if (event.key !== 'Tab' || !(event.target instanceof Element) || event.target.closest('dialog') !== dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null && el.closest('dialog') === dialog,
    );
    const edge = event.shiftKey ? items[0] : items.at(-1);
    if (edge && document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? items.at(-1) : items[0])?.focus();
    }
  });
  // Every way it closes (button, Esc, the confirmation's Close) ends here.
  dialog.addEventListener('close', () => {
    rememberClosed();
    if (returnTo?.isConnected && returnTo !== document.body) returnTo.focus();
    else document.getElementById('main')?.focus();
  });

  const open = () => {
    // The cookie is read here, not as the page loads: reading it can hold a phone's main thread (see Nav.astro).
    if (closedThisVisit() || readXsrfCookie()) return;
    returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    if (hasDraft('enquiry')) started();
  };
  /** 1.5 s after the load event (this script may run after it). */
  const arm = () => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const loadedAt = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
    setTimeout(open, Math.max(0, POPUP_DELAY_MS - (performance.now() - loadedAt)));
  };
  if (document.readyState === 'complete') arm();
  else window.addEventListener('load', arm, { once: true });
}

/**
 * Modal behaviour for a native <dialog>, shared by every dialog of the site: showModal() makes the
 * rest of the page inert; focus moves in (to `initialFocus`, else a `[data-autofocus]` element, else
 * the first focusable one), Tab stays inside, and on close focus goes back to where it was (or to
 * the main content when the dialog opened by itself).
 */
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Opens and closes the dialog with `open`; returns the keydown handler that keeps Tab inside. */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  initialFocus?: RefObject<HTMLElement | null>,
): (event: KeyboardEvent<HTMLDialogElement>) => void {
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first =
        initialFocus?.current ??
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = returnTo.current;
      returnTo.current = null;
      if (target && target.isConnected && target !== document.body) target.focus();
      else document.getElementById('main')?.focus();
    }
  }, [ref, open, initialFocus]);

  useEffect(() => {
    // Unmounting while open (e.g. navigation): leave no inert page behind.
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, [ref]);

  return useCallback((event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);
}

/**
 * What a parent typed, chose or ticked before the form's island hydrated. On a slow phone the
 * server's form is on screen well before its script runs, and the islands hydrate only once the
 * page is idle. React leaves such text on screen but not in its state, and the next render puts
 * the state's value back; so the island's first effect reads the form once and adopts what differs.
 */
import { useEffect, useState } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** A control's value as the forms keep it: a ticked box is 'true', an unticked one ''. */
const valueOf = (el: Control) =>
  el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'true' : '') : el.value;

/**
 * The form's controls whose value differs from `rendered` (the values the island rendered first),
 * by name. Only names in `rendered` count; files are left to their own field. A control marked
 * `data-answers-for="name"` (e.g. a select of answers standing in for a typed value) gives that
 * name's value when it has one, after the named control itself.
 */
export function typedBeforeHydration(
  form: HTMLFormElement | null,
  rendered: Record<string, string>,
): Record<string, string> {
  if (!form) return {};
  const typed: Record<string, string> = {};
  const controls = Array.from(form.elements)
    .filter(isControl)
    .filter((el) => !(el instanceof HTMLInputElement && el.type === 'file'));
  const stand = controls.filter((el) => el.dataset.answersFor);
  for (const el of controls) {
    if (el.dataset.answersFor || !(el.name in rendered)) continue;
    const value = valueOf(el);
    if (value !== rendered[el.name]) typed[el.name] = value;
  }
  for (const el of stand) {
    const name = el.dataset.answersFor!;
    const value = valueOf(el);
    if (name in rendered && value && value !== rendered[name]) typed[name] = value;
  }
  return typed;
}

/**
 * False in the server's HTML and until the island has hydrated. A form's submit button waits for
 * it: a form sent by the browser itself would put every field in the page's address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

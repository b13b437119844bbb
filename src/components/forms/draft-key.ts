/** Where a form's draft is kept in localStorage (useDraft.ts), readable by page scripts without the framework. */
export const draftKey = (form: string) => `form-draft:${form}`;

/** Whether the browser holds a draft of `form` (e.g. a pop-up that should show it at once). */
export function hasDraft(form: string): boolean {
  try {
    return localStorage.getItem(draftKey(form)) !== null;
  } catch {
    return false;
  }
}

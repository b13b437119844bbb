import { toast } from '../../lib/toast.tsx';

/**
 * Copies `text` to the clipboard and says so; where the browser gives no clipboard (an old one, or a
 * page not served over https) it selects `shown`, the element showing the text, for Ctrl+C instead.
 */
export async function copyOrSelect(
  text: string,
  shown: Element | null,
  say: { copied: string; selected: string },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(say.copied);
  } catch {
    if (shown) getSelection()?.selectAllChildren(shown);
    toast.info(say.selected);
  }
}

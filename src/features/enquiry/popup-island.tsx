/**
 * The enquiry pop-up's island, loaded by popup-opener.ts only once the visitor starts on the form:
 * React takes over the server's HTML where it stands (hydration), so what was typed, the focus and
 * the caret stay, and the form's first effect adopts the values (early-input.ts).
 */
import { hydrateRoot } from 'react-dom/client';
import EnquiryPopup, { type EnquiryPopupProps } from './EnquiryPopup.tsx';
import { POPUP_ID_PREFIX } from './popup-visit.ts';

/**
 * `root`: the element EnquiryPopup.astro drew the pop-up in, its props in `data-props`. Resolves once
 * the island has taken over, with what was typed before in its state.
 */
export function hydrateEnquiryPopup(root: HTMLElement): Promise<void> {
  const props = JSON.parse(root.dataset.props ?? '{}') as EnquiryPopupProps;
  return new Promise((ready) => {
    hydrateRoot(root, <EnquiryPopup {...props} onReady={ready} />, { identifierPrefix: POPUP_ID_PREFIX });
  });
}

/**
 * The one react-toastify configuration for every island: top-right,
 * 5 s, pause on hover and focus loss, drag to dismiss at 80 %, reachable with Alt+T.
 * Every island imports `toast` from here, never from 'react-toastify' itself: this uses the
 * unstyled build, and its stylesheet is a file of its own that the container links once it starts.
 * No toast shows before the island has started, so the 18 KB of toast styles stay out of the page's
 * inlined CSS and out of its first paint (the default build would carry them inside the script).
 */
import { useEffect } from 'react';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import toastStyles from 'react-toastify/dist/ReactToastify.css?url';

export const TOAST_AUTO_CLOSE = 5000;
/** Delete results close after 3 s. */
export const DELETE_TOAST_AUTO_CLOSE = 3000;

function linkToastStyles(): void {
  if (document.querySelector(`link[href="${toastStyles}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: toastStyles });
  document.head.append(link);
}

export function Toasts() {
  useEffect(linkToastStyles, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      hotKeys={(event) => event.altKey && event.code === 'KeyT'}
      newestOnTop={false}
      closeOnClick
    />
  );
}

export { toast, type ToastOptions };

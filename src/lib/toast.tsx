/**
 * The one react-toastify configuration for every island: top-right,
 * 5 s, pause on hover and focus loss, drag to dismiss at 80 %, reachable with Alt+T.
 * Every island imports `toast` from here, never from 'react-toastify' itself: this uses the
 * unstyled build with the stylesheet imported as CSS (bundled with the page's styles), where the
 * default build would carry the same CSS a second time inside the script and add it to the page at
 * run time (another style recalculation while the island starts).
 */
import { ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';

export const TOAST_AUTO_CLOSE = 5000;
/** Delete results close after 3 s. */
export const DELETE_TOAST_AUTO_CLOSE = 3000;

export function Toasts() {
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

import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '#shared/ui-timings';

/** Where toasts appear (loaded with the first toast: app/toast-host.tsx). */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="light"
    />
  );
}

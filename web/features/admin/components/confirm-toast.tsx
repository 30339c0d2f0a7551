import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';

function ConfirmBody({
  message,
  confirmLabel,
  onConfirm,
  close,
}: {
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  close: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land on the safe choice, right inside the question.
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-label="Please confirm" aria-describedby="confirm-toast-message" className="text-ink">
      <p id="confirm-toast-message" className="font-medium">
        {message}
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-ink ring-1 ring-gray-300 hover:bg-gray-50"
          onClick={close}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Asks for confirmation in a toast with the action's button (e.g. Delete) and Cancel; it stays until answered. */
export function confirmToast({
  id,
  message,
  confirmLabel,
  onConfirm,
}: {
  id: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  toast(
    ({ closeToast }) => (
      <ConfirmBody message={message} confirmLabel={confirmLabel} onConfirm={onConfirm} close={closeToast} />
    ),
    {
      toastId: id,
      autoClose: false,
      closeOnClick: false,
      draggable: false,
      closeButton: false,
    },
  );
}

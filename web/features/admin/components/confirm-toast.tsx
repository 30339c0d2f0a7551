import { useEffect, useId, useRef } from 'react';
import { toast } from '../../../lib/toast.ts';

function ConfirmBody({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  // Keyboard users land on the safe choice, right inside the question.
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-label="Please confirm" aria-describedby={messageId} className="text-ink">
      <p id={messageId} className="font-medium">
        {message}
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-ink ring-1 ring-gray-300 hover:bg-gray-50"
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * Gives the focus back to the control that asked. The list may have drawn its rows again meanwhile (a search's
 * results arriving), so a control that left the page is found again by its accessible name, among the visible ones.
 */
function refocus(opener: HTMLElement | null) {
  if (!opener) return;
  if (opener.isConnected) {
    opener.focus();
    return;
  }
  const label = opener.getAttribute('aria-label');
  if (!label) return;
  const again = [...document.querySelectorAll<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)].find(
    (el) => el.getClientRects().length > 0,
  );
  again?.focus();
}

let asked = 0;
/** The toast now asking each question (by the caller's id), while it is on screen. */
const asking = new Map<string, string>();

/**
 * Asks for confirmation in a toast with the action's button (e.g. Delete) and Cancel; it stays until answered. Asking
 * again while the question is on screen does not add a second one. Each question is a toast of its own: a toast
 * keeps its id while it slides out, and a new one with that id would be dropped, so Delete pressed again within
 * that second would do nothing. Cancel gives the focus back to the control that asked.
 */
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
  const current = asking.get(id);
  if (current && toast.isActive(current)) return;
  const toastId = `${id}-${++asked}`;
  asking.set(id, toastId);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const done = (closeToast: () => void) => {
    if (asking.get(id) === toastId) asking.delete(id);
    closeToast();
  };
  toast(
    ({ closeToast }) => (
      <ConfirmBody
        message={message}
        confirmLabel={confirmLabel}
        onConfirm={() => {
          done(closeToast);
          onConfirm();
        }}
        onCancel={() => {
          done(closeToast);
          refocus(opener);
        }}
      />
    ),
    {
      toastId,
      autoClose: false,
      closeOnClick: false,
      draggable: false,
      closeButton: false,
    },
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface DialogProps {
  open: boolean;
  /** The heading, which also names the dialog for assistive technology. */
  title: string;
  /** Text under the heading, read out with the name when the dialog opens. */
  description?: ReactNode;
  /** Called when the person dismisses the dialog (Escape). */
  onClose: () => void;
  /** False while the dialog must stay (a request in flight): Escape then does nothing. */
  dismissible?: boolean;
  children?: ReactNode;
}

/**
 * The one modal of the app, on the native <dialog> opened with showModal(): the browser traps focus, makes the
 * page behind inert and turns Escape into a cancel. Its content exists only while open, so forms start fresh,
 * and focus goes back to the control that opened it when it closes.
 */
export function Dialog({ open, title, description, onClose, dismissible = true, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        // The page decides when the dialog closes, so that its state and the screen agree.
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={() => {
        // The browser may close a dialog on its own (a repeated Escape); tell the page.
        if (open) onClose();
      }}
      className="m-auto max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-3">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, read out with the title. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is in flight: both buttons wait and Escape does nothing. */
  busy?: boolean;
  variant?: 'primary' | 'danger';
}

/** A question in a Dialog, answered with a confirm button or a cancel button (which has focus first). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  variant = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} description={children} onClose={onCancel} dismissible={!busy}>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import { useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. A native modal <dialog>: the browser keeps focus
 * inside it, closes it on Escape and gives focus back afterwards. The safe choice comes first, so
 * it is the one focused when the dialog opens.
 */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Escape, or the page closing it: either way the member did not confirm.
      onClose={() => {
        if (open) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <p id={bodyId}>{body}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          <span className="button__spinner" aria-hidden="true" />
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

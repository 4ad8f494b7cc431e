import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A task in a modal (bulk limits, adding members, an import, a bulk grant): the site's native
 * <dialog>, wider than the confirm. Focus stays inside, Escape closes, focus goes back after.
 */
export function WorkDialog({
  open,
  title,
  onClose,
  children,
  footer,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('staff');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog work-dialog${wide ? ' work-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className="work-dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="button button--small button--quiet" onClick={onClose}>
          {t('allocations.dialog.close')}
        </button>
      </div>
      {open ? <div className="work-dialog__body">{children}</div> : null}
      {open && footer ? <div className="dialog__actions">{footer}</div> : null}
    </dialog>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass } from './button';
import { Spinner } from './Spinner';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are; "Cancel" unless that would be ambiguous. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal question before a destructive action; Escape and Cancel close it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-border-strong bg-surface p-0 text-fg shadow-pop backdrop:bg-overlay"
    >
      <div className="flex flex-col gap-3 p-5">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        <div className="text-sm text-muted">{children}</div>
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} bg-danger hover:bg-danger`}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? <Spinner label="Working" size={16} /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

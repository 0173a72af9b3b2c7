import { type ReactNode, useId } from 'react';
import { buttonClass } from './button';
import { Modal } from './Modal';
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
  const id = useId();
  return (
    <Modal open={open} labelledBy={`${id}-title`} onClose={onCancel}>
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
    </Modal>
  );
}

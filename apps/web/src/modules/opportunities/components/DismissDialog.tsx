import { useId, useState } from 'react';
import { buttonClass, inputClass } from '../../../ui/button';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';

type DismissDialogProps = {
  open: boolean;
  count: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Dismissing asks why: the reason is kept in the opportunity's history. */
export function DismissDialog({ open, count, busy, onConfirm, onCancel }: DismissDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0;
  return (
    <Modal
      open={open}
      labelledBy={`${id}-title`}
      onClose={onCancel}
      onOpen={() => {
        setReason('');
        setTouched(false);
      }}
    >
      <form
        className="flex flex-col gap-3 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {count === 1 ? 'Dismiss this opportunity?' : `Dismiss ${count} opportunities?`}
        </h2>
        <p className="text-sm text-muted">
          Dismissed opportunities leave the open list and the badge. Later runs keep their evidence
          current, and you can reopen them.
        </p>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          rows={3}
          aria-invalid={touched && missing}
          aria-describedby={touched && missing ? `${id}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. Not a market we sell in"
          className={`${inputClass} h-auto py-2`}
        />
        {touched && missing ? (
          <p id={`${id}-error`} className="text-sm text-danger">
            Say why, so the team knows later.
          </p>
        ) : null}
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? <Spinner label="Dismissing" size={16} /> : null}
            Dismiss
          </button>
        </div>
      </form>
    </Modal>
  );
}

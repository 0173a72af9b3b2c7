import { type ReactNode, useEffect, useRef } from 'react';

const WIDTH = {
  narrow: 'w-[min(28rem,calc(100vw-2rem))]',
  wide: 'w-[min(30rem,calc(100vw-2rem))]',
} as const;

type ModalProps = {
  open: boolean;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Escape, or the page asking it to close. */
  onClose: () => void;
  /** Runs each time it opens, before it shows: reset what the last opening left. */
  onOpen?: () => void;
  width?: keyof typeof WIDTH;
  children: ReactNode;
};

/**
 * The one modal: a native <dialog> shown with showModal (focus trap, Escape, inert page behind),
 * opened and closed by `open`. Escape calls `onClose` instead of closing by itself, so the page's
 * state stays the truth.
 */
export function Modal({
  open,
  labelledBy,
  onClose,
  onOpen,
  width = 'narrow',
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opening = useRef(onOpen);
  opening.current = onOpen;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opening.current?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto ${WIDTH[width]} rounded-xl border border-border-strong bg-surface p-0 text-fg shadow-pop backdrop:bg-overlay`}
    >
      {children}
    </dialog>
  );
}

import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';

type TooltipProps = {
  content: string;
  delayMs?: number;
  side?: 'right' | 'top';
  children: (props: {
    'aria-describedby': string | undefined;
    onPointerEnter: () => void;
    onPointerLeave: () => void;
    onFocus: () => void;
    onBlur: () => void;
  }) => ReactElement;
};

// Hover or focus shows the tooltip after a delay; Escape hides it (WCAG 1.4.13).
export function Tooltip({ content, delayMs = 200, side = 'right', children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), delayMs);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const position =
    side === 'right'
      ? 'left-full top-1/2 ml-2 -translate-y-1/2'
      : 'bottom-full left-1/2 mb-2 -translate-x-1/2';

  return (
    <span className="relative flex">
      {children({
        'aria-describedby': open ? id : undefined,
        onPointerEnter: show,
        onPointerLeave: hide,
        onFocus: show,
        onBlur: hide,
      })}
      {open ? (
        <TooltipBubble id={id} className={position}>
          {content}
        </TooltipBubble>
      ) : null}
    </span>
  );
}

function TooltipBubble({
  id,
  className,
  children,
}: {
  id: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <span
      id={id}
      role="tooltip"
      className={`pointer-events-none absolute z-50 whitespace-nowrap rounded-md border border-border-strong bg-surface-3 px-2.5 py-1.5 text-xs font-medium text-fg shadow-pop ${className}`}
    >
      {children}
    </span>
  );
}

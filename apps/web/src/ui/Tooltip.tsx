import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

type TriggerProps = {
  'aria-describedby': string | undefined;
  onPointerEnter: (event: { currentTarget: Element }) => void;
  onPointerLeave: () => void;
  onFocus: (event: { currentTarget: Element }) => void;
  onBlur: () => void;
};

type TooltipProps = {
  content: string;
  delayMs?: number;
  children: (props: TriggerProps) => ReactElement;
};

type Position = { left: number; top: number };

// Hover or focus shows the tooltip after a delay; Escape hides it (WCAG 1.4.13). It renders in a
// portal with fixed coordinates so scrolling containers (the sidebar) cannot clip it.
export function Tooltip({ content, delayMs = 200, children }: TooltipProps) {
  const id = useId();
  const [position, setPosition] = useState<Position | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = (event: { currentTarget: Element }) => {
    const target = event.currentTarget;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const rect = target.getBoundingClientRect();
      setPosition({ left: rect.right + 8, top: rect.top + rect.height / 2 });
    }, delayMs);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setPosition(null);
  };

  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPosition(null);
    };
    // Fixed coordinates go stale when anything scrolls.
    const onScroll = () => setPosition(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [position]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <>
      {children({
        'aria-describedby': position ? id : undefined,
        onPointerEnter: show,
        onPointerLeave: hide,
        onFocus: show,
        onBlur: hide,
      })}
      {position
        ? createPortal(
            <span
              id={id}
              role="tooltip"
              style={{ left: position.left, top: position.top }}
              className="pointer-events-none fixed z-[60] -translate-y-1/2 whitespace-nowrap rounded-md border border-border-strong bg-surface-3 px-2.5 py-1.5 text-xs font-medium text-fg shadow-pop"
            >
              {content}
            </span>,
            document.body,
          )
        : null}
    </>
  );
}

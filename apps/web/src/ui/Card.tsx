import type { ReactNode } from 'react';

type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Content that runs to the card's edges (tables, lists with their own dividers). */
  flush?: boolean;
  as?: 'section' | 'div';
  'aria-label'?: string;
};

/** The one surface for grouped content: 12 px radius, hairline border, optional header. */
export function Card({
  title,
  description,
  actions,
  children,
  className = '',
  flush = false,
  as: Tag = 'section',
  ...rest
}: CardProps) {
  const header =
    title || actions ? (
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border px-5 py-3.5">
        <div className="min-w-0">
          {title ? <h2 className="text-sm font-semibold text-fg">{title}</h2> : null}
          {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
    ) : null;
  return (
    <Tag className={`rounded-xl border border-border bg-surface ${className}`} {...rest}>
      {header}
      {children !== undefined ? <div className={flush ? '' : 'p-5'}>{children}</div> : null}
    </Tag>
  );
}

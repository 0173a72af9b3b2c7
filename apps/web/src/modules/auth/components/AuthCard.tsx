import type { ReactNode } from 'react';
import { LogoMark } from '../../../ui/Logo';
import { ThemeToggleButton } from '../../shell/components/ThemeToggleButton';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative flex min-h-screen w-full flex-col items-center justify-center bg-bg px-4 py-10">
      <div className="absolute right-4 top-4">
        <ThemeToggleButton />
      </div>
      <main className="w-full max-w-[380px]">
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoMark size={36} />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          <p className="mt-1 text-sm text-muted">{subtitle}</p>
        </div>
        <div className="rounded-xl border border-border bg-surface p-6 shadow-pop">{children}</div>
        {footer ? <div className="mt-5 text-center text-sm text-muted">{footer}</div> : null}
      </main>
    </div>
  );
}

import { Toaster } from 'sonner';
import { useTheme } from './theme';

export const TOAST_DURATION_MS = 3000;

export function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      closeButton
      toastOptions={{
        classNames: {
          toast: '!bg-surface-2 !border-border-strong !text-fg !shadow-pop',
          description: '!text-muted',
        },
      }}
    />
  );
}

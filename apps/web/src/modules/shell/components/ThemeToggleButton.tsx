import { Moon, Sun } from 'lucide-react';
import { toggleTheme, useTheme } from '../../../app/theme';
import { buttonClass } from '../../../ui/button';

export function ThemeToggleButton({ className = '' }: { className?: string }) {
  const theme = useTheme();
  return (
    <button
      type="button"
      aria-label="Toggle theme"
      title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      className={`${buttonClass.icon} ${className}`}
      onClick={toggleTheme}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" size={16} />
      ) : (
        <Moon aria-hidden="true" size={16} />
      )}
    </button>
  );
}

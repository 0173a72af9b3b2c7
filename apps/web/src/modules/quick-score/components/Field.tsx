import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { inputClass } from '../../../ui/button';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  /** Shown after the label, e.g. "optional". */
  note?: string;
  error?: string | undefined;
  hint?: ReactNode;
  onValueChange: (value: string) => void;
  /** Rendered under the input, e.g. suggestion chips. */
  children?: ReactNode;
};

export function Field({ label, note, error, hint, onValueChange, children, ...input }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {note ? <span className="ml-1.5 font-normal text-subtle">{note}</span> : null}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
      {error ? (
        <p id={messageId} className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

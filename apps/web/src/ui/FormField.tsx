import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { inputClass } from './button';

type Common = {
  label: string;
  /** Shown after the label, e.g. "optional". */
  note?: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered under the control, e.g. suggestion chips. */
  children?: ReactNode;
  onValueChange?: (value: string) => void;
};

type InputProps = Common &
  InputHTMLAttributes<HTMLInputElement> & { multiline?: false; rows?: undefined };
type TextareaProps = Common &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true; rows?: number };

/**
 * The one labelled field of every form: label (and note), an input or textarea, then its error
 * or hint, wired with aria-invalid and aria-describedby.
 */
export function FormField(props: InputProps | TextareaProps) {
  const id = useId();
  const { label, note, error, hint, children, onValueChange, multiline, ...control } = props;
  const messageId = `${id}-message`;
  const aria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  } as const;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {note ? <span className="ml-1.5 font-normal text-subtle">{note}</span> : null}
      </label>
      {multiline ? (
        <textarea
          {...aria}
          className={`${inputClass} h-auto py-2`}
          {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          onChange={(event) => {
            (control as TextareaHTMLAttributes<HTMLTextAreaElement>).onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        />
      ) : (
        <input
          {...aria}
          className={inputClass}
          {...(control as InputHTMLAttributes<HTMLInputElement>)}
          onChange={(event) => {
            (control as InputHTMLAttributes<HTMLInputElement>).onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        />
      )}
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

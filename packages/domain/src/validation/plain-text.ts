/** Shown when a field holds a NUL byte or another control character. */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters (such as NUL) from this text.';

/**
 * True when `text` holds a C0 control character or DEL. Postgres refuses NUL outright, and the
 * others have no business in a name or a keyword; `multiline` allows tab and line breaks.
 */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (options.multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/** For zod's `.refine`: a one-line text field. */
export const singleLine = (value: string) => !hasControlCharacters(value);
/** For zod's `.refine`: a message or description, where tabs and line breaks are fine. */
export const multiLine = (value: string) => !hasControlCharacters(value, { multiline: true });

// Why a WordPress site could not be used, in words its owner can act on (docs/publishing.md).

export type WordPressErrorKind =
  | 'BLOCKED_URL'
  | 'UNREACHABLE'
  | 'NOT_WORDPRESS'
  | 'APPLICATION_PASSWORDS_DISABLED'
  | 'BAD_CREDENTIALS'
  | 'INSECURE_TRANSPORT'
  | 'UNEXPECTED_RESPONSE';

/** The input field a failure belongs to, so a form can show it in place. */
export type WordPressErrorField = 'url' | 'username' | 'applicationPassword';

export class WordPressError extends Error {
  constructor(
    readonly kind: WordPressErrorKind,
    readonly field: WordPressErrorField,
    message: string,
  ) {
    super(message);
    this.name = 'WordPressError';
  }
}

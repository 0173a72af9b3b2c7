export const MIN_PASSWORD_LENGTH = 8;

// Deliberately loose: the server has the final word, this only catches obvious typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CredentialErrors = Partial<Record<'email' | 'password' | 'confirmPassword', string>>;

export function validateEmail(email: string): string | undefined {
  if (email.trim().length === 0) return 'Enter your email address.';
  if (!EMAIL_PATTERN.test(email.trim()))
    return 'Enter a valid email address, like name@company.com.';
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (password.length === 0) return 'Enter your password.';
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  return undefined;
}

export function validateSignIn(input: { email: string; password: string }): CredentialErrors {
  const errors: CredentialErrors = {};
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  if (input.password.length === 0) errors.password = 'Enter your password.';
  return errors;
}

export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): CredentialErrors {
  const errors: CredentialErrors = {};
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  const password = validatePassword(input.password);
  if (password) errors.password = password;
  if (input.confirmPassword.length === 0) errors.confirmPassword = 'Confirm your password.';
  else if (input.confirmPassword !== input.password) {
    errors.confirmPassword = 'The passwords do not match.';
  }
  return errors;
}

/** "PRO" or "pro" → "Pro Plan"; the API's plan names are workspace plans such as free or pro. */
export function formatPlan(plan: string): string {
  const words = plan
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  const label = words.join(' ');
  return /\bplan$/i.test(label) ? label : `${label} Plan`;
}

export function initialsOf(email: string): string {
  const name = email.split('@')[0] ?? '';
  const parts = name.split(/[._-]+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

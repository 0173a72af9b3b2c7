/** A form-level message (server refusal, outage) above the fields; nothing when there is none. */
export function FormAlert({
  message,
  tone = 'danger',
}: {
  message: string | null | undefined;
  tone?: 'danger' | 'info';
}) {
  if (!message) return null;
  const colours =
    tone === 'danger'
      ? 'border-danger/40 bg-danger-soft text-danger'
      : 'border-accent/40 bg-accent-soft text-fg';
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${colours}`}
    >
      {message}
    </div>
  );
}

export function ErrorScreen({ error }: { error: unknown }) {
  const message =
    error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
  return (
    <div
      role="alert"
      className="fixed inset-0 z-50 flex items-center justify-center bg-bg px-6 text-center text-fg"
    >
      <div className="flex max-w-md flex-col items-center gap-4">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="break-words text-sm text-muted">{message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover"
        >
          Reload Page
        </button>
      </div>
    </div>
  );
}

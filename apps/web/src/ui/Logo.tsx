export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <circle cx="16" cy="16" r="7" fill="none" stroke="white" strokeWidth="2.5" />
      <circle cx="16" cy="16" r="2.5" fill="white" />
    </svg>
  );
}

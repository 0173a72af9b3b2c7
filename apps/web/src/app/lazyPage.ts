import { type ComponentType, lazy } from 'react';

/** React.lazy for modules with named exports (the codebase has no default exports). */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<{ [K in Name]: ComponentType<Props> }>,
  name: Name,
) {
  return lazy(async () => {
    const module = await load();
    // Undefined when a missing chunk was handled by reloading the page (main.tsx): keep the
    // spinner up until the reload replaces this document.
    if (!module) return new Promise<never>(() => undefined);
    return { default: module[name] };
  });
}

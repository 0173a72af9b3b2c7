import { type ComponentType, lazy } from 'react';

/** React.lazy for modules with named exports (the codebase has no default exports). */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<{ [K in Name]: ComponentType<Props> }>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen whose code is fetched when it first shows; preload() fetches it ahead. */
export type LazyPage<Props extends object = object> = LazyExoticComponent<ComponentType<Props>> & {
  preload(): Promise<unknown>;
};

/** Each screen is its own chunk, so that the first screen carries only its own code. */
export function lazyPage<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  const page = lazy(async () => ({ default: await load() }));
  return Object.assign(page, { preload: load });
}

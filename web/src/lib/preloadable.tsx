import { createElement, lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component, suspending (like React.lazy) only while its code has not arrived. */
  Component: ComponentType<P>;
  /** Starts loading the code (once) and resolves when the component can render at once. */
  preload: () => Promise<ComponentType<P>>;
  /** Whether the code has arrived. */
  isLoaded: () => boolean;
}

/**
 * A component whose code loads on demand, as with React.lazy, which renders without suspending
 * once its code has arrived. React.lazy suspends on its first render even when the import has
 * long finished, and React 19 reveals a suspended boundary's content no sooner than 300 ms after
 * its fallback appeared (its fallback throttle): code preloaded while the session was checked
 * still cost a screen those 300 ms.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then((component) => (loaded = component));
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function PreloadableComponent(props: P) {
    // Chosen once per mounted instance: switching from the lazy element to the loaded component
    // later would be a different element type, and React would remount everything below.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return { Component: PreloadableComponent, preload, isLoaded: () => loaded !== null };
}

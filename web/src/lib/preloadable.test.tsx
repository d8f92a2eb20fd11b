// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '@web/lib/preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (children: React.ReactNode) => (
  <Suspense fallback={<p>Loading code...</p>}>{children}</Suspense>
);

describe('a component whose code loads on demand', () => {
  it('renders at once, without its fallback, when its code arrived before it was drawn', async () => {
    const greeting = preloadable(async () => Greeting);
    await greeting.preload();
    expect(greeting.isLoaded()).toBe(true);
    render(inSuspense(<greeting.Component name="Amy" />));
    // React.lazy showed the fallback here (and React 19 then kept it 300 ms at least).
    expect(screen.queryByText('Loading code...')).toBeNull();
    expect(screen.getByText('Hello Amy')).toBeTruthy();
  });

  it('shows the fallback until its code arrives when drawn first, and loads the code once', async () => {
    let loads = 0;
    const greeting = preloadable(async () => {
      loads += 1;
      return Greeting;
    });
    render(inSuspense(<greeting.Component name="Ben" />));
    expect(screen.getByText('Loading code...')).toBeTruthy();
    expect(await screen.findByText('Hello Ben')).toBeTruthy();
    await greeting.preload();
    expect(loads).toBe(1);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { SessionUser } from '@shared/schemas/auth';
import type { BudgetCategory } from '@web/api/budget-categories';
import { SessionProvider } from '@web/auth/session-context';
import { storeToken, storeUser } from '@web/auth/session-storage';
import { ToastProvider } from '@web/components/toast';

/** A budget category as GET /categories answers it: Teachers, used by 872 lines of every year. */
export function makeCategory(overrides: Partial<BudgetCategory> = {}): BudgetCategory {
  return {
    id: 5,
    name: 'Teachers',
    code: null,
    description: null,
    deseFunction: null,
    defaultYoYIncrease: null,
    color: '#123456',
    displayOrder: 1,
    isPersonnel: true,
    lineItemCount: 872,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: 'Avery Admin',
    email: 'avery@example.org',
    role: 'ADMIN',
    isActive: true,
    lastLogin: null,
    hasApiKey: false,
    createdAt: '2025-07-01T00:00:00.000Z',
    abilities: { 'users.manage': true },
    ...overrides,
  };
}

export function storeSession(user: SessionUser, token = 'test-token'): void {
  storeToken(token);
  storeUser(user);
}

/** A JSON response for stubbing global fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer of stubApi: a body sent as 200 JSON, or the Response for the request. */
export type StubAnswer = ((url: string, init: RequestInit) => Response | Promise<Response>) | object;

/**
 * Stubs fetch with an answer per path (the URL without its query); any other call fails the test.
 * Returns the URLs asked for, in order.
 */
export function stubApi(answers: Record<string, StubAnswer>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push(url);
      const answer = answers[url.split('?')[0]];
      if (answer === undefined) {
        throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
      }
      return typeof answer === 'function' ? answer(url, init) : jsonResponse(200, answer);
    }),
  );
  return asked;
}

function SessionRoot() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/**
 * Renders `routes` at `path` inside the app's providers. '/' and '/login' default to markers that
 * show where the router ended up; pass a route with the same path to replace them.
 */
export function renderRoutes(path: string, routes: RouteObject[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const paths = new Set(routes.map((r) => (r.index ? '/' : r.path)));
  const markers: RouteObject[] = [];
  if (!paths.has('/')) {
    markers.push({ index: true, element: <p>Home page</p> });
  }
  if (!paths.has('login')) {
    markers.push({ path: 'login', element: <p>Login page</p> });
  }
  const router = createMemoryRouter(
    [{ path: '/', element: <SessionRoot />, children: [...markers, ...routes] }],
    {
      initialEntries: [path],
    },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** The text a control is described by (its field's error or hint), as a screen reader reads it. */
export function describedText(control: HTMLElement): string | null | undefined {
  return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
}

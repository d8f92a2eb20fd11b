import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '@web/api/client';
import { ErrorBoundary } from '@web/components/error-fallback';
import { ToastProvider } from '@web/components/toast';
import { routes } from '@web/routes';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404, validation) will not change on a retry.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** Providers and the router, around the query client main.tsx made (and may have started filling). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

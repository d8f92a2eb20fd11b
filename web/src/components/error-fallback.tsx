import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return 'Unknown error occurred';
}

/** The last-resort screen for an unexpected failure. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <main className="full-screen-center">
      <section className="card notice" aria-labelledby="error-title">
        <h1 id="error-title">Something went wrong</h1>
        <p>{messageOf(error)}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </section>
    </main>
  );
}

/** The router's errorElement: errors thrown while rendering a route land here. */
export function RouteErrorFallback() {
  return <ErrorFallback error={useRouteError()} />;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error', error, info.componentStack);
  }

  render(): ReactNode {
    if (this.state.failed) {
      return <ErrorFallback error={this.state.error} />;
    }
    return this.props.children;
  }
}

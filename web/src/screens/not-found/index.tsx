import { useEffect } from 'react';
import { Link } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundScreen() {
  useEffect(() => {
    document.title = 'Page Not Found';
  }, []);
  return (
    <main id="main-content" className="full-screen-center">
      <section className="card notice" aria-labelledby="not-found-title">
        <h1 id="not-found-title">Page Not Found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <Link to="/" className="btn btn--primary">
          Go to the Budget Dashboard
        </Link>
      </section>
    </main>
  );
}

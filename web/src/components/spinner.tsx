/** A labelled loading indicator; `fullScreen` covers the page while the session is verified. */
export function Spinner({
  label = 'Loading...',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  const body = (
    <div className="spinner-block" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
  if (!fullScreen) {
    return body;
  }
  return <div className="full-screen-center">{body}</div>;
}

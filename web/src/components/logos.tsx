/** The district seal: a schoolhouse with a book inside a ring. Decorative; the name sits beside it. */
export function DistrictSeal() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#1d4ed8" />
      <circle cx="24" cy="24" r="19" fill="none" stroke="#ffffff" strokeWidth="1.5" />
      <path d="M13 23 24 14l11 9v11H13z" fill="#ffffff" />
      <path d="M24 9v5" stroke="#ffffff" strokeWidth="1.5" />
      <path d="M24 9h5v3h-5z" fill="#fbbf24" />
      <path d="M18 34v-6h4v6zM26 27h5v4h-5z" fill="#1d4ed8" />
    </svg>
  );
}

/** The town seal: a meeting house and a wave under a star, in slate and gold. */
export function TownSeal() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#334155" />
      <circle cx="24" cy="24" r="19" fill="none" stroke="#fbbf24" strokeWidth="1.5" />
      <path d="M24 10.5l1.2 2.6 2.8.3-2.1 1.9.6 2.8-2.5-1.4-2.5 1.4.6-2.8-2.1-1.9 2.8-.3z" fill="#fbbf24" />
      <path d="M16 30V22l8-4 8 4v8z" fill="#ffffff" />
      <path d="M22 30v-5h4v5z" fill="#334155" />
      <path
        d="M12 34c3-2 5-2 8 0s5 2 8 0 5-2 8 0"
        fill="none"
        stroke="#93c5fd"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

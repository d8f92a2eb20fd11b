import { useNavigate } from 'react-router';
import type { Role } from '@shared/schemas/common';

interface AccessDeniedProps {
  requiredRoles: readonly Role[];
  userRole: Role;
}

/** Shown in place of a screen the signed-in user's role may not open. */
export function AccessDenied({ requiredRoles, userRole }: AccessDeniedProps) {
  const navigate = useNavigate();
  return (
    <section className="card notice" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">Access Denied</h1>
      <p>You don&apos;t have permission to access this page</p>
      <p>Required role: {requiredRoles.join(' or ')}</p>
      <p>Your role: {userRole}</p>
      <button type="button" className="btn btn--primary" onClick={() => navigate(-1)}>
        Go Back
      </button>
    </section>
  );
}

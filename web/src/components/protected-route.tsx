import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@shared/schemas/common';
import { returnHere } from '@web/auth/return-to';
import { useSession } from '@web/auth/session-context';
import { AccessDenied } from '@web/components/access-denied';
import { Spinner } from '@web/components/spinner';

interface ProtectedRouteProps {
  /** Roles that may open the route; omitted or null means any signed-in user. */
  roles?: readonly Role[] | null;
  children: ReactNode;
}

/** Sends signed-out visitors to /login (and back here once signed in), and shows Access Denied when the role is not in the list. */
export function ProtectedRoute({ roles, children }: ProtectedRouteProps) {
  const { user, status, signedOut } = useSession();
  const location = useLocation();
  if (status === 'verifying') {
    return <Spinner />;
  }
  if (!user) {
    return <Navigate to="/login" replace state={signedOut ? undefined : returnHere(location)} />;
  }
  if (roles && !roles.includes(user.role)) {
    return <AccessDenied requiredRoles={roles} userRole={user.role} />;
  }
  return <>{children}</>;
}

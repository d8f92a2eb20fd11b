import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@shared/schemas/auth';
import { authApi } from '@web/api/auth';
import { setUnauthorizedHandler } from '@web/api/client';
import { returnHere } from '@web/auth/return-to';
import { takeSessionCheck } from '@web/auth/session-check';
import {
  clearStoredSession,
  readStoredUser,
  readToken,
  storeToken,
  storeUser,
} from '@web/auth/session-storage';

export type SessionStatus = 'verifying' | 'ready';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  signIn(token: string, user: SessionUser): void;
  signOut(): Promise<void>;
  /** Merges fields into the signed-in user and the stored copy (e.g. after a profile save). */
  updateUser(patch: Partial<SessionUser>): void;
  /** Keeps a token the server reissued (after a password change). */
  replaceToken(token: string): void;
  /**
   * The user signed out on this page (not a session that ran out): the next sign-in, perhaps
   * someone else's, starts at the dashboard rather than on the page they left (return-to.ts).
   */
  signedOut?: boolean;
}

const SessionContext = createContext<Session | null>(null);

/** The stored session is usable only when both the token and the user are there. */
function initialUser(): SessionUser | null {
  const token = readToken();
  const user = readStoredUser();
  if (token && user) {
    return user;
  }
  clearStoredSession();
  return null;
}

/**
 * Holds who is signed in. At startup it applies the stored user, then verifies the token with
 * GET /auth/me (the check preloadSignedIn started before the first render); any failure clears
 * both. A 401 on any later call ends the session the same way.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [status, setStatus] = useState<SessionStatus>(() => (user ? 'verifying' : 'ready'));
  const [signedOut, setSignedOut] = useState(false);

  const endSession = useCallback(() => {
    clearStoredSession();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    return setUnauthorizedHandler(() => {
      endSession();
      // A session that ran out: signing in again comes back to this page.
      navigate('/login', { replace: true, state: returnHere(window.location) });
    });
  }, [endSession, navigate]);

  useEffect(() => {
    if (status !== 'verifying') {
      return;
    }
    const controller = new AbortController();
    takeSessionCheck(controller.signal)
      .then(({ user: fresh }) => {
        if (controller.signal.aborted) {
          return;
        }
        storeUser(fresh);
        setUser(fresh);
        setStatus('ready');
      })
      .catch(() => {
        if (controller.signal.aborted) {
          return;
        }
        endSession();
        setStatus('ready');
      });
    return () => controller.abort();
  }, [status, endSession]);

  const signIn = useCallback(
    (token: string, next: SessionUser) => {
      queryClient.clear();
      storeToken(token);
      storeUser(next);
      setUser(next);
      setStatus('ready');
      setSignedOut(false);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // Logging out locally must work even when the server call fails.
    }
    setSignedOut(true);
    endSession();
    navigate('/login', { replace: true });
  }, [endSession, navigate]);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setUser((current) => {
      if (!current) {
        return current;
      }
      const next = { ...current, ...patch };
      storeUser(next);
      return next;
    });
  }, []);

  const replaceToken = useCallback((token: string) => storeToken(token), []);

  const value = useMemo<Session>(
    () => ({ user, status, signIn, signOut, updateUser, replaceToken, signedOut }),
    [user, status, signIn, signOut, updateUser, replaceToken, signedOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session, or null outside a SessionProvider (a component that works signed out too). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error('useSession must be used inside SessionProvider');
  }
  return session;
}

import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLogin } from '@web/api/auth';
import { errorMessage } from '@web/api/client';
import { returnPath } from '@web/auth/return-to';
import { loadPageCode } from '@web/page-code';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { DistrictSeal, TownSeal } from '@web/components/logos';
import { PasswordInput } from '@web/components/password-input';
import { useToast } from '@web/components/toast';
import { PRODUCT_NAME, rememberedDistrictName } from '@web/lib/branding';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { LOGIN_MESSAGES, validateLogin } from '@web/screens/login/validate-login';
import './login.css';

export function LoginScreen() {
  const { user, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const notify = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Signed in, the page's code on its way: the form stays busy until the app is shown.
  const [entering, setEntering] = useState(false);

  useEffect(() => {
    document.title = `Sign in · ${PRODUCT_NAME}`;
  }, []);

  if (user) {
    return <Navigate to={returnPath(location.state)} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateLogin(email, password);
    setError(problem);
    if (problem) {
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ token, user: signedIn, failedAttempts }) => {
          const target = returnPath(location.state);
          // The shell's and the screen's code first, so the page is drawn at once: each lazy part
          // that suspended would show its spinner, then its content no sooner than 300 ms after
          // it (React's reveal throttle): 0.8 s from sign-in to the Profile on a 12 ms answer.
          setEntering(true);
          void loadPageCode(target, signedIn.role).then(() => {
            signIn(token, signedIn);
            navigate(target, { replace: true });
            if (failedAttempts > 0) {
              // Someone may be guessing the password: tell the owner at once, not only on Profile.
              notify({
                variant: 'error',
                title: `${failedAttempts} failed sign-in attempt${failedAttempts === 1 ? '' : 's'} on your account since you last signed in`,
                description:
                  'Profile › Sessions lists when and from where. If it was not you, change your password.',
              });
            }
          });
        },
        onError: (err) => setError(errorMessage(err, LOGIN_MESSAGES.failed)),
      },
    );
  };

  const busy = login.isPending || entering;
  return (
    <main id="main-content" className="auth-page">
      <div className="card auth-card">
        <div className="auth-card__brand">
          <DistrictSeal />
          <TownSeal />
        </div>
        <p className="auth-card__subtitle">
          {/* No session to ask with: the name this browser last saw, else the product's alone. */}
          {[rememberedDistrictName(), PRODUCT_NAME].filter(Boolean).join(' · ')}
        </p>
        <h1>Welcome Back</h1>
        <p className="auth-card__subtitle">Sign in to your account</p>
        <form
          className="form-stack"
          onSubmit={onSubmit}
          noValidate
          aria-describedby={error ? 'login-error' : undefined}
        >
          {error ? (
            <div id="login-error">
              <Alert>{error}</Alert>
            </div>
          ) : null}
          <Field
            id="login-email"
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error === LOGIN_MESSAGES.badEmail || undefined}
          />
          <Field id="login-password" label="Password" required>
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Button
            type="submit"
            variant="primary"
            className="btn--block"
            busy={busy}
            busyLabel="Signing in..."
          >
            Sign In
          </Button>
        </form>
        <footer className="auth-card__footer">
          <p>Secure access for authorized school personnel only</p>
          <p>Forgot your password? Contact your administrator.</p>
        </footer>
      </div>
    </main>
  );
}

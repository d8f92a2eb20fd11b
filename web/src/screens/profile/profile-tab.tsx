import { useState, type FormEvent } from 'react';
import { useUpdateProfile } from '@web/api/auth';
import { errorMessage } from '@web/api/client';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { isValidEmail } from '@web/lib/validation';

export function ProfileTab() {
  const { user, updateUser } = useSession();
  const update = useUpdateProfile();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (!name.trim() || !email.trim()) {
      setError('Please enter your name and email');
      return;
    }
    if (!isValidEmail(email)) {
      setError('Please enter a valid email address');
      return;
    }
    setError(null);
    update.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: ({ user: fresh }) => {
          updateUser(fresh);
          setName(fresh.name);
          setEmail(fresh.email);
          setSaved(true);
        },
        onError: (err) => setError(errorMessage(err, 'Failed to update profile')),
      },
    );
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate style={{ maxWidth: 480 }}>
      {error ? <Alert>{error}</Alert> : null}
      {saved ? <Alert variant="success">Profile updated</Alert> : null}
      <div className="field">
        <label htmlFor="profile-name">Name</label>
        <input
          id="profile-name"
          className="input"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="profile-email">Email</label>
        <input
          id="profile-email"
          className="input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <span className="field__label">Role</span>
        <span>{user?.role}</span>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}

import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { ApiKeyTab } from '@web/screens/profile/api-key-tab';
import { PasswordTab } from '@web/screens/profile/password-tab';
import { ProfileTab } from '@web/screens/profile/profile-tab';
import { SessionsTab } from '@web/screens/profile/sessions-tab';
import './profile.css';

const TABS = ['profile', 'password', 'sessions', 'api-key'];

export function ProfileScreen() {
  // `?tab=api-key` opens a tab directly (AI Analysis links to the key); only the first tab is read
  // from the address, clicking a tab leaves the address as it is.
  const [params] = useSearchParams();
  const requested = params.get('tab') ?? '';
  return (
    <>
      <PageHeader
        title="User Profile"
        subtitle="Your account details, password, sign-ins and AI assistant key."
      />
      <section className="card">
        <Tabs.Root defaultValue={TABS.includes(requested) ? requested : 'profile'}>
          <Tabs.List className="tabs-list profile-tabs" aria-label="Profile sections">
            <Tabs.Trigger className="tabs-trigger" value="profile">
              Profile
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="password">
              Change Password
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="sessions">
              Sessions
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="api-key">
              Claude API Key
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="profile">
            <ProfileTab />
          </Tabs.Content>
          <Tabs.Content value="password">
            <PasswordTab />
          </Tabs.Content>
          <Tabs.Content value="sessions">
            <SessionsTab />
          </Tabs.Content>
          <Tabs.Content value="api-key">
            <ApiKeyTab />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </>
  );
}

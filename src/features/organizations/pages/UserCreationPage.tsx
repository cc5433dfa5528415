import { useNavigate } from '@tanstack/react-router';
import { usePlatformAdmin } from '../use-platform-admin';
import { UserForm } from '../components/UserForm';
import { UsersTable } from '../components/UsersTable';
import '../users.css';

/** /user-creation (spec part 3 §2 User creation): the create form, then the organization's users. */
export function UserCreationPage({ orgId }: { orgId?: string }) {
  const navigate = useNavigate();
  const platformAdmin = usePlatformAdmin();
  // Only a platform administrator may name another organization; for anyone else the server uses their own.
  const chosenOrg = platformAdmin ? (orgId ?? null) : null;
  return (
    <section className="page users-page">
      <h1>User Creation</h1>
      <UserForm
        platformAdmin={platformAdmin}
        orgId={chosenOrg}
        onOrgChange={(next) => void navigate({ to: '/user-creation', search: next ? { orgId: next } : {}, replace: true })}
      />
      <UsersTable orgId={chosenOrg} />
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { NameSchema, PhoneSchema, type User } from '#shared/auth';
import { ADDRESS_MAX } from '#shared/account-rules';
import { MSG } from '#shared/messages';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Avatar } from '../../../components/avatar.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useUpdateProfileMutation } from '../api/update-profile.ts';
import { ChangePasswordSection } from '../components/change-password.tsx';
import { EmailVerification } from '../components/email-verification.tsx';
import { ReminderEmailsSwitch } from '../components/reminder-emails.tsx';
import { SignOutEverywhereSection } from '../components/sign-out-everywhere.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

const ROLE_LABEL: Record<string, string> = { user: 'Customer', employee: 'Employee', admin: 'Admin' };

/** What the profile form edits; the same rules as the server's ProfileBodySchema. */
const ProfileFormSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  address: z.string().trim().max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`),
});
type ProfileForm = z.input<typeof ProfileFormSchema>;

/** How the form was left: saved (focus goes to the details it changed) or canceled (back to Edit profile). */
type EditEnd = 'saved' | 'canceled';

function EditProfileForm({ user, onDone }: { user: User; onDone: (end: EditEnd) => void }) {
  const { updateUser } = useSession();
  const mutation = useUpdateProfileMutation();
  const form = useForm<ProfileForm, unknown, z.output<typeof ProfileFormSchema>>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: user.name, phone: user.phone, address: user.address ?? '' },
  });
  const { handleSubmit, setFocus } = form;
  // The Edit profile button is gone once the form shows: its first field takes the focus.
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const fresh = await mutation.mutateAsync(values);
      updateUser(fresh);
      toast.success('Profile updated');
      onDone('saved');
    } catch (err) {
      toast.error(errorMessage(err, MSG.profileUpdateFailed));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4" aria-label="Edit profile">
        <FormField name="name" label="Name" autoComplete="name" markRequired />
        <FormField
          name="phone"
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          markRequired
        />
        <FormField name="address" label="Address" autoComplete="street-address" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={mutation.isPending}>
            Save changes
          </Button>
          <Button variant="secondary" onClick={() => onDone('canceled')} disabled={mutation.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * /customer/profile, /employee/profile, /admin/profile: name, role, avatar, Logout, editing, whether the e-mail is
 * verified, Change password and Sign out everywhere; a customer's reminders.
 */
export default function ProfilePage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  // Leaving the form removes what had the focus: the details' heading after a save, Edit profile after Cancel.
  const ended = useRef<EditEnd | null>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing || !ended.current) return;
    (ended.current === 'saved' ? detailsHeading : editButton).current?.focus();
    ended.current = null;
  }, [editing]);
  if (!user) return null; // The layout's guard has already sent anonymous visitors to /login.

  const onLogout = () => {
    logout();
    toast.info('You have been logged out.');
    void navigate('/login', { replace: true });
  };

  return (
    <PageShell title="Your profile" width="normal">
      <div className="grid gap-6 md:grid-cols-3">
        <section
          aria-label="Account"
          className="flex flex-col items-center rounded-xl bg-white p-6 text-center text-ink shadow-sm ring-1 ring-black/5"
        >
          <Avatar name={user.name} src={user.image} size={112} />
          <p className="mt-4 text-xl font-semibold">{user.name}</p>
          <p className="mt-1 inline-block rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-900">
            <span className="sr-only">Role: </span>
            {ROLE_LABEL[user.role] ?? user.role}
          </p>
          <Button variant="danger" className="mt-6 w-full" onClick={onLogout}>
            Logout
          </Button>
        </section>
        <section
          aria-labelledby="details-heading"
          className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5 md:col-span-2"
        >
          <div className="mb-4 flex items-center justify-between gap-2">
            <h2 id="details-heading" ref={detailsHeading} tabIndex={-1} className="text-lg font-semibold">
              {editing ? 'Edit your details' : 'Your details'}
            </h2>
            {!editing && (
              <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Edit profile
              </Button>
            )}
          </div>
          {editing ? (
            <EditProfileForm
              user={user}
              onDone={(end) => {
                ended.current = end;
                setEditing(false);
              }}
            />
          ) : (
            <dl className="grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-ink-muted">Email</dt>
                <dd className="font-medium">
                  <EmailAddress email={user.email} />
                </dd>
                <dd>
                  <EmailVerification user={user} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Phone number</dt>
                <dd className="font-medium">{user.phone}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Address</dt>
                <dd className="font-medium">{user.address || 'Not given'}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Blood group</dt>
                <dd className="font-medium">{user.bloodGroup || 'Not given'}</dd>
              </div>
            </dl>
          )}
          {user.role === 'user' && !editing && (
            <div className="mt-6 flex flex-wrap gap-2 border-t border-gray-200 pt-4">
              <LinkButton to="/customer/my-orders" variant="secondary">
                My orders
              </LinkButton>
              <LinkButton to="/slots" variant="secondary">
                Book a slot
              </LinkButton>
            </div>
          )}
        </section>
        <ChangePasswordSection />
        <SignOutEverywhereSection />
        {user.role === 'user' && <ReminderEmailsSwitch user={user} />}
      </div>
    </PageShell>
  );
}

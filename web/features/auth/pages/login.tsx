import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ACCOUNT_PAGES } from '#shared/accounts';
import { LoginBodySchema } from '#shared/auth';
import { REDIRECT_DELAY_MS } from '#shared/ui-timings';
import { MSG } from '#shared/messages';
import { Button, LinkButton } from '../../../components/button.tsx';
import { EmailField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { returnPath } from '../../../lib/login-return.ts';
import { homePathFor, useSession } from '../../../lib/session.tsx';
import { useLoginMutation } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';

/** The toast text for a failed login: the server's own words for a refused login, else the spec's fallback. */
function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  if (err instanceof ApiError && err.status === 0) return MSG.loginFailed;
  return MSG.invalidCredentials;
}

/**
 * /login: email + password; on success a welcome toast, then after 2 s the role's home, or the page a guard sent the
 * visitor here from when their role may open it.
 */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLoginMutation();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { token, user } = await mutation.mutateAsync(values);
      const home = homePathFor(user.role);
      if (!home) {
        toast.error(MSG.invalidRole);
        return;
      }
      session.login(token, user);
      toast.success(`Welcome, ${user.name}!`);
      setRedirecting(true);
      const next = returnPath(location.state as unknown, user.role) ?? home;
      timer.current = setTimeout(() => void navigate(next, { replace: true }), REDIRECT_DELAY_MS);
    } catch (err) {
      toast.error(loginErrorMessage(err));
    }
  });

  const signedInHome = !redirecting && session.user ? homePathFor(session.user.role) : null;
  // Someone already signed in (just registered, or back on this page) is told so; the form is for another person.
  const [switching, setSwitching] = useState(false);
  const showForm = !signedInHome || switching;

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back! Log in to book slots, shop and chat with our team."
      footer={
        <>
          New to Pawcare?{' '}
          <Link to="/register" className="font-semibold text-brand-800 underline underline-offset-2">
            Create an account
          </Link>
        </>
      }
    >
      {signedInHome && session.user && (
        <div className="mb-5 rounded-md bg-brand-50 p-3 text-sm text-brand-900" role="note">
          <p>You are signed in as {session.user.name}.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <LinkButton to={signedInHome} size="sm">
              Continue to your home page
            </LinkButton>
            {!switching && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setSwitching(true);
                  // The form appears in this render; its first field takes the focus once it is there.
                  requestAnimationFrame(() => form.setFocus('email'));
                }}
              >
                Log in as someone else
              </Button>
            )}
          </div>
        </div>
      )}
      {showForm && (
        <FormProvider {...form}>
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <ReadyFieldset className="space-y-4">
              <EmailField />
              <FormField
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
                markRequired
              />
              <p className="-mt-2 text-right text-sm">
                <Link
                  to={ACCOUNT_PAGES.forgotPassword}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  Forgot password?
                </Link>
              </p>
              <Button type="submit" className="w-full" size="lg" loading={mutation.isPending || redirecting}>
                {redirecting ? 'Redirecting…' : 'Login'}
              </Button>
            </ReadyFieldset>
          </form>
        </FormProvider>
      )}
    </AuthCard>
  );
}

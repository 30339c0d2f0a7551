import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser, renderApp } from '../../../test/utils.tsx';
import RegisterPage from './register.tsx';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'id.png', { type: 'image/png' });

function setup() {
  const user = userEvent.setup({ applyAccept: false });
  renderApp(<RegisterPage />, { path: '/register', routes: { '/login': <h1>Login page</h1> } });
  const field = (name: string) => screen.getByRole('textbox', { name });
  return {
    user,
    field,
    password: () => screen.getByLabelText(/^Password/),
    proof: () => screen.getByLabelText(/^Identity proof/),
    submit: () => user.click(screen.getByRole('button', { name: 'Sign Up' })),
  };
}

describe('registration form', () => {
  it('lists every required field with the spec messages', async () => {
    const { submit } = setup();
    await submit();
    for (const text of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Phone number is required',
      'Identity proof is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('rejects digits in the name, a short phone number and a bad email', async () => {
    const { user, field, submit } = setup();
    await user.type(field('Name'), 'Owner 2');
    await user.type(field('Email'), 'owner.example.com');
    await user.type(field('Phone number'), '98765');
    await submit();
    expect(await screen.findByText('Please Enter valid name')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
  });

  it('refuses an identity proof that is not an image or PDF', async () => {
    const { user, proof, submit } = setup();
    await user.upload(proof(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await submit();
    expect(await screen.findByText('Identity proof must be an image (PNG, JPEG, WebP) or a PDF')).toBeInTheDocument();
  });

  it('sends a multipart form with the file, shows a toast and goes to /login', async () => {
    const calls = fakeServer({
      'POST /api/auth/register': () => ({ status: 201, body: { token: 'jwt', user: makeUser() } }),
    });
    const { user, field, password, proof, submit } = setup();
    await user.type(field('Name'), 'Pet Owner');
    await user.type(field('Email'), 'owner@example.com');
    await user.type(password(), 'secret1');
    await user.type(field('Phone number'), '9876543210');
    await user.upload(proof(), png());
    await user.type(field('Address (optional)'), '12 Park Street');
    await submit();
    expect(await screen.findByText(/^Registration successful! You are signed in as /)).toBeInTheDocument();
    const form = calls[0]!.body as FormData;
    expect(form.get('name')).toBe('Pet Owner');
    expect(form.get('phone')).toBe('9876543210');
    expect(form.get('address')).toBe('12 Park Street');
    expect((form.get('identityProof') as File).name).toBe('id.png');
    expect(await screen.findByRole('heading', { name: 'Login page' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows the server message when the email is taken, next to the field too', async () => {
    fakeServer({
      'POST /api/auth/register': () => ({
        status: 409,
        body: { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
      }),
    });
    const { user, field, password, proof, submit } = setup();
    await user.type(field('Name'), 'Pet Owner');
    await user.type(field('Email'), 'owner@example.com');
    await user.type(password(), 'secret1');
    await user.type(field('Phone number'), '9876543210');
    await user.upload(proof(), png());
    await submit();
    expect(await screen.findAllByText('An account with this email already exists')).toHaveLength(2);
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the sign-up limit of the network as the server words it', async () => {
    const refusal = 'Too many sign-ups from this network. Please try again in 40 minutes.';
    fakeServer({ 'POST /api/auth/register': () => ({ status: 429, body: { error: refusal, code: 'RATE_LIMITED' } }) });
    const { user, field, password, proof, submit } = setup();
    await user.type(field('Name'), 'Pet Owner');
    await user.type(field('Email'), 'owner@example.com');
    await user.type(password(), 'secret1');
    await user.type(field('Phone number'), '9876543210');
    await user.upload(proof(), png());
    await submit();
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('falls back to "Registration failed. Please try again." when the server is down', async () => {
    fakeServer({
      'POST /api/auth/register': () => ({ status: 500, body: { error: 'Internal error', code: 'INTERNAL' } }),
    });
    const { user, field, password, proof, submit } = setup();
    await user.type(field('Name'), 'Pet Owner');
    await user.type(field('Email'), 'owner@example.com');
    await user.type(password(), 'secret1');
    await user.type(field('Phone number'), '9876543210');
    await user.upload(proof(), png());
    await submit();
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FILES, multipart, type TestContext } from '../test/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validForm = (email: string) => ({
  name: 'Asha Rao',
  email,
  password: 'secret123',
  phone: '9876543210',
  address: '12 Lake Road',
  bloodGroup: 'O+',
  role: 'admin',
  identityProof: { data: FILES.png, filename: 'id.png', type: 'image/png' },
});

describe('POST /api/auth/register', () => {
  it('creates a customer, whatever role was asked for, and answers with a token and the user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(validForm('asha@example.com'))) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', role: 'user', phone: '9876543210', bloodGroup: 'O+' });
    expect(body.user._id).toBe(body.user.id);
    expect(body.user.image).toMatch(/^\/api\/avatar\?name=/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
  });

  it('refuses a duplicate email in any letter case with 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(validForm('ASHA@example.com'))) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', error: 'An account with this email already exists' });
  });

  it('refuses a text file pretending to be an image', async () => {
    const form = { ...validForm('fake@example.com'), identityProof: { data: FILES.text, filename: 'id.png', type: 'image/png' } };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(form)) });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password and GET /api/auth/me returns the same user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'asha@example.com', password: 'secret123' } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(res.json().token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('asha@example.com');
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown email alike', async () => {
    for (const payload of [
      { email: 'asha@example.com', password: 'wrongpass' },
      { email: 'nobody@example.com', password: 'secret123' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid credentials');
    }
  });
});

import {
  ADMIN,
  createUser,
  customerAndEmployee,
  EMBEDDED,
  expect,
  HOME_OF,
  newUserDetails,
  signIn,
  test,
  TINY_PNG,
  type Role,
} from './fixtures.ts';

test.describe('login form', () => {
  test('shows every validation message of the spec', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Login' });
    await submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await submit.click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong password shows the server message in a toast and stays on the page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('registration', () => {
  test('shows every validation message of the spec', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Sign Up' });
    await submit.click();
    for (const text of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Phone number is required',
      'Identity proof is required',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Name').fill('R2 D2');
    await page.getByLabel('Phone number').fill('12345');
    await submit.click();
    await expect(page.getByText('Please Enter valid name')).toBeVisible();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
  });

  test('register with a file, then log in and land on the customer home', EMBEDDED, async ({ page }) => {
    const d = newUserDetails('Newcomer');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign Up' }).click();
    await page.getByLabel('Name').fill(d.name);
    await page.getByLabel('Email').fill(d.email);
    await page.getByLabel('Password').fill(d.password);
    await page.getByLabel('Phone number').fill(d.phone);
    await page
      .getByLabel('Identity proof')
      .setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByLabel('Address (optional)').fill('4 Lake Road, Pune');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Registering signs the person in, and every screen after it says so.
    await expect(page.getByText(`Registration successful! You are signed in as ${d.name}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await expect(page.getByText(`You are signed in as ${d.name}.`, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeHidden();
    await page.getByRole('link', { name: 'Continue to your home page' }).click();
    await expect(page).toHaveURL(/\/homeusers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reliable Pet Pickup Services' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Product', 'Medical Tips', 'Slot Booking', 'Services', 'About', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Profile/ })).toBeVisible();
  });

  test('an email that is already registered shows the server message', async ({ page, request }) => {
    const existing = await createUser(request, 'user');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Second Try');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password').fill('another-password');
    await page.getByLabel('Phone number').fill('9123456780');
    await page.getByLabel('Identity proof').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An account with this email already exists' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('role landing pages', () => {
  for (const role of ['user', 'employee', 'admin'] as Role[]) {
    test(`a ${role} lands on ${HOME_OF[role]} after a welcome toast`, async ({ page, request }) => {
      const user = await createUser(request, role);
      await page.goto('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(`Welcome, ${user.name}!`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${HOME_OF[role]}$`), { timeout: 10_000 });
      // The login form went with the login page: the focus carries on from the new page's heading.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        user: JSON.parse(localStorage.getItem('user') ?? 'null') as { role: string } | null,
      }));
      expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(stored.user?.role).toBe(role);
    });
  }
});

test.describe('guards', () => {
  test('anonymous visitors are sent to /login from the employee, admin and profile pages', async ({ page }) => {
    for (const path of [
      '/employee/home',
      '/employee/profile',
      '/admin/home',
      '/admin/employee',
      '/customer/profile',
      '/homeusers',
    ]) {
      await page.goto(path);
      await expect(page, `visiting ${path}`).toHaveURL(/\/login$/);
    }
  });

  test('a customer cannot open the employee dashboard or admin screens', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    for (const path of ['/employee/home', '/admin/customer']) {
      await page.goto(path);
      await expect(page, `visiting ${path}`).toHaveURL(/\/login$/);
    }
  });

  test('an employee cannot open admin screens', async ({ page, request }) => {
    const employee = await createUser(request, 'employee');
    await signIn(page, employee);
    await page.goto('/admin/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a stored token the server rejects is cleared with "Authentication failed"', async ({ page }) => {
    // Store the session once the app runs this page, so it is checked on the next page load, not this one.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-real-token');
      localStorage.setItem(
        'user',
        JSON.stringify({ id: 'x', _id: 'x', name: 'Ghost User', role: 'user', email: 'ghost@example.com' }),
      );
    });
    await page.goto('/homeusers');
    await expect(page.getByText('Authentication failed')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
  });
});

test.describe('profile and logout', () => {
  test('a customer edits the profile, sees My orders, and logs out', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.getByRole('link', { name: /Profile/ }).click();
    await expect(page).toHaveURL(/\/customer\/profile$/);
    await expect(page.getByText(customer.name, { exact: true })).toBeVisible();
    await expect(page.getByText('Role: Customer')).toBeVisible();
    await expect(page.getByRole('img', { name: `Avatar of ${customer.name}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/customer/my-orders',
    );

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Name').fill('Renamed Person');
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await page.getByLabel('Phone number').fill('9000000001');
    await page.getByLabel('Address').fill('7 River View, Kochi');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText('Renamed Person', { exact: true })).toBeVisible();
    await expect(page.getByText('7 River View, Kochi')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Renamed Person', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/customer/profile');
    await expect(page).toHaveURL(/\/login$/);
    // The server ended the session too: the token the page held no longer works, wherever a copy of it is.
    await expect
      .poll(async () =>
        (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${customer.token}` } })).status(),
      )
      .toBe(401);
  });

  test('employees and admins have their own profile page with Logout', async ({ page, request }) => {
    const employee = await createUser(request, 'employee');
    await signIn(page, employee);
    await page.goto('/employee/profile');
    await expect(page.getByText('Role: Employee')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.getByRole('link', { name: /Profile/ }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByText('Role: Admin')).toBeVisible();
  });
});

test.describe('live notifications', () => {
  test('a customer sees a toast as soon as an employee confirms their booking', EMBEDDED, async ({ page, request }) => {
    const [customer, employee] = await customerAndEmployee(request);
    // Resolves once the page's socket has joined (Socket.IO's CONNECT ack, a frame starting with "40").
    const socketReady = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).startsWith('40')) resolve();
        });
      });
    });
    await signIn(page, customer);

    const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const booked = await request.post('/api/slots/book', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { schedule: `${day} at 10:00`, petName: 'Bruno', ownerName: customer.name, phone: customer.phone },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };

    await socketReady;
    const confirmed = await request.put(`/api/slots/confirm/${id}`, {
      headers: { authorization: `Bearer ${employee.token}` },
      data: {},
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await expect(page.getByText('Booking confirmed')).toBeVisible();
  });
});

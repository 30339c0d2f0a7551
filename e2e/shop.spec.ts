import {
  checkout,
  createUser,
  customerAndEmployee,
  EMBEDDED,
  expect,
  signIn,
  productCard,
  seriousViolations,
  signedIn,
  staffOrder,
  test,
} from './fixtures.ts';

test.describe('shop', () => {
  test('visitors filter the public catalogue, share the filtered link, and Add to Cart asks them to log in', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '15 products' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Product offers' })).toBeVisible();

    await page.getByRole('button', { name: 'Care', exact: true }).click();
    await expect(page).toHaveURL(/category=Care/);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(productCard(page, 'Pet Shampoo - Anti Flea')).toBeVisible();

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('Rating').selectOption('4');
    await page.getByLabel('Search').fill('food');
    await expect(page).toHaveURL(/minRating=4/);
    await expect(page).toHaveURL(/q=food/);
    await expect(page.getByRole('status').filter({ hasText: '4 products match your filters' })).toBeVisible();

    // The same link shows the same view.
    await page.goto('/products?category=Accessories&maxPrice=1200');
    await expect(page.getByRole('slider', { name: 'Max price' })).toHaveValue('1200');
    await expect(page.getByRole('button', { name: 'Accessories', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(productCard(page, 'Fish Tank')).toHaveCount(0);

    await productCard(page, 'Bird Cage')
      .getByRole('button', { name: /^Add to Cart/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    'a customer orders with COD and UPI, sees the history, and an employee ships one',
    EMBEDDED,
    async ({ page, browser, request }) => {
      // The whole journey of two people in two browsers: longer than one screen's test (3 min on a busy CI machine).
      test.setTimeout(300_000);
      const [customer, employee] = await customerAndEmployee(request);
      await signIn(page, customer);

      // Catalogue with filters, then Add to Cart.
      const nav = page.getByRole('navigation', { name: 'Main' });
      // The customer navbar replaces the public one once its chunk has loaded.
      await expect(nav.getByRole('link', { name: 'Medical Tips' })).toBeVisible();
      await nav.getByRole('link', { name: 'Product', exact: true }).click();
      await expect(page).toHaveURL(/\/customer\/product$/);
      await page.getByRole('button', { name: 'Toys', exact: true }).click();
      await page.getByLabel('Rating').selectOption('4');
      await expect(page.getByRole('article')).toHaveCount(1);
      await productCard(page, 'Cat Toy')
        .getByRole('button', { name: /^Add to Cart/ })
        .click();
      await expect(page).toHaveURL(/\/customer\/orders$/);
      await expect(page.getByText('Cat Toy', { exact: true }).first()).toBeVisible();

      expect(await seriousViolations(page)).toEqual([]);
      // Buy Now needs an address; the form shows the spec's messages.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Please add a delivery address before proceeding.' }).first(),
      ).toBeVisible();
      const form = page.getByRole('form', { name: 'New delivery address' });
      await form.getByLabel('Full name').fill('');
      await form.getByLabel('Pin Code').fill('1234');
      await form.getByRole('button', { name: 'Save address' }).click();
      for (const message of [
        'Name is required',
        'House number is required',
        'Landmark is required',
        'City is required',
        'State is required',
        'Enter a valid 6-digit Pin Code',
      ]) {
        await expect(form.getByText(message)).toBeVisible();
      }
      await form.getByLabel('Full name').fill(customer.name);
      await form.getByLabel('House / flat number').fill('12B, Lake View Apartments');
      await form.getByLabel('Landmark').fill('Near Lake Mall');
      await form.getByLabel('City').fill('Kolkata');
      await form.getByLabel('State').fill('West Bengal');
      await form.getByLabel('Pin Code').fill('700019');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByRole('radio', { name: new RegExp(customer.name) })).toBeChecked();
      const saved = await page.evaluate(
        (id) => JSON.parse(localStorage.getItem(`deliveryAddresses:${id}`) ?? '[]') as unknown[],
        customer.id,
      );
      expect(saved).toHaveLength(1);

      // 2 x Cat Toy (300, 5% off) = 570.00, cash on delivery.
      await checkout(page, { quantity: 2, total: '₹570.00', payment: 'Cash on Delivery' });

      // 2 x Soft Pet Bed - Large (2500, 25% off) = 3,750.00 by UPI.
      await page.goto('/customer/product?q=bed');
      await productCard(page, 'Soft Pet Bed - Large')
        .getByRole('button', { name: /^Add to Cart/ })
        .click();
      await checkout(page, { quantity: 2, total: '₹3,750.00', payment: 'UPI/QR' });

      // Order history.
      await page.goto('/customer/my-orders');
      const orders = page.getByRole('article');
      await expect(orders).toHaveCount(2);
      const bedOrder = orders.filter({ hasText: 'Soft Pet Bed - Large' });
      await expect(bedOrder).toContainText('₹3,750.00');
      await expect(bedOrder).toContainText('UPI/QR');
      await expect(bedOrder.getByText('Placed', { exact: true }).first()).toBeVisible();
      await expect(orders.filter({ hasText: 'Cat Toy' })).toContainText('Cash on Delivery');
      expect(await seriousViolations(page)).toEqual([]);
      const heading = (await bedOrder.getByRole('heading').textContent()) ?? '';
      const orderNumber = heading.replace('Order ', '').trim();
      expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);

      // An employee confirms and ships it; the customer sees it change without reloading.
      const { page: staff } = await signedIn(browser, employee);
      await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).click();
      await expect(staff).toHaveURL(/\/employee\/orders$/);
      const staffOrderShown = staffOrder(staff, orderNumber);
      await expect(staffOrderShown.row).toBeVisible();
      expect(await seriousViolations(staff)).toEqual([]);
      const staffCard = await staffOrderShown.open();
      await staffCard.getByRole('button', { name: /^Confirm/ }).click();
      await expect(staffOrderShown.row.getByText('Confirmed', { exact: true })).toBeVisible();
      await staffCard.getByRole('button', { name: /^Mark shipped/ }).click();
      await expect(staffCard.getByRole('button', { name: /^Mark delivered/ })).toBeVisible();
      await staff.getByLabel('Status').selectOption('shipped');
      await expect(staffOrderShown.row).toBeVisible();

      await expect(page.getByText(`Your order ${orderNumber} is on its way.`)).toBeVisible();
      const customerCard = page.getByRole('article', { name: `Order ${orderNumber}` });
      await expect(customerCard.getByText('Shipped', { exact: true }).first()).toBeVisible();
      await expect(customerCard.locator('[aria-current="step"]')).toContainText('Shipped');
      await staff.context().close();
    },
  );

  test(
    'a customer fills a cart on two devices, pays by UPI with a UTR, and follows staff marking it paid and shipping it',
    EMBEDDED,
    async ({ page, browser, request }) => {
      // Two devices of the customer and a member of staff: a longer journey than one screen's test.
      test.setTimeout(300_000);
      const [customer, employee] = await customerAndEmployee(request);

      // First visit: two products.
      await signIn(page, customer);
      for (const [query, name] of [
        ['cat toy', 'Cat Toy'],
        ['shampoo', 'Pet Shampoo - Anti Flea'],
      ] as const) {
        await page.goto(`/customer/product?q=${encodeURIComponent(query)}`);
        await productCard(page, name)
          .getByRole('button', { name: /^Add to Cart/ })
          .click();
        await expect(page).toHaveURL(/\/customer\/orders$/);
        await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      }
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

      // Second visit, on another device: the cart is there; a third product joins it.
      const { page: phone, context: phoneContext } = await signedIn(browser, customer);
      await phone.goto('/customer/product?q=bird');
      await productCard(phone, 'Bird Cage')
        .getByRole('button', { name: /^Add to Cart/ })
        .click();
      await expect(phone).toHaveURL(/\/customer\/orders$/);
      for (const name of ['Cat Toy', 'Pet Shampoo - Anti Flea', 'Bird Cage'])
        await expect(phone.getByRole('link', { name, exact: true })).toBeVisible();
      await phone.getByRole('spinbutton', { name: 'Quantity of Cat Toy' }).fill('2');
      const phoneNav = phone.getByRole('navigation', { name: 'Main' });
      await expect(phoneNav.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
      // The first device hears of it without reloading.
      await expect(nav.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
      expect(await seriousViolations(phone)).toEqual([]);

      // This device has no saved address yet.
      await phone.getByRole('button', { name: 'Buy Now' }).click();
      const form = phone.getByRole('form', { name: 'New delivery address' });
      await form.getByLabel('Full name').fill(customer.name);
      await form.getByLabel('House / flat number').fill('4 Park Street');
      await form.getByLabel('Landmark').fill('Opposite the museum');
      await form.getByLabel('City').fill('Kolkata');
      await form.getByLabel('State').fill('West Bengal');
      await form.getByLabel('Pin Code').fill('700016');
      await form.getByRole('button', { name: 'Save address' }).click();
      await phone.getByRole('button', { name: 'Buy Now' }).click();
      const summary = phone.getByRole('table', { name: 'Items in your order' });
      for (const name of ['Cat Toy', 'Pet Shampoo - Anti Flea', 'Bird Cage']) await expect(summary).toContainText(name);
      await phone.getByRole('radio', { name: /^UPI\/QR/ }).check();
      await phone.getByRole('button', { name: 'Place order' }).click();
      await phone
        .getByRole('dialog', { name: 'Confirm your order' })
        .getByRole('button', { name: 'Confirm order' })
        .click();
      await expect(phone).toHaveURL(/\/customer\/my-orders\/[0-9a-f-]{36}$/);
      await expect(phone.getByRole('heading', { name: 'Thank you, your order is placed', level: 1 })).toBeVisible();
      const orderHeading = (await phone.getByRole('heading', { name: /^Order [0-9A-F]{8}$/ }).textContent()) ?? '';
      const orderNumber = orderHeading.replace('Order ', '').trim();
      // The ordered lines left the cart, on both devices.
      await expect(nav.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
      await expect(phoneNav.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

      // Paid by UPI: the customer gives the transaction reference.
      const utr = String(Date.now()).slice(-12).padStart(12, '4');
      await phone.getByLabel('UPI transaction reference (UTR)').fill(utr);
      await phone.getByRole('button', { name: 'Send reference' }).click();
      await expect(phone.getByText('Reference received: we will confirm your payment')).toBeVisible();
      expect(await seriousViolations(phone)).toEqual([]);

      // Staff check the UTR, mark the order paid, confirm and ship it.
      const { page: staff, context: staffContext } = await signedIn(browser, employee);
      await staff.goto('/employee/orders');
      const shown = staffOrder(staff, orderNumber);
      const card = await shown.open();
      await expect(card.getByText(`UTR ${utr}`)).toBeVisible();
      await card.getByRole('button', { name: /^Mark paid/ }).click();
      const confirm = staff.getByRole('dialog', { name: `Mark order ${orderNumber} paid?` });
      await expect(confirm.getByText(`UTR ${utr}`)).toBeVisible();
      await confirm.getByRole('button', { name: 'Mark paid' }).click();
      await card.getByRole('button', { name: /^Confirm/ }).click();
      await expect(shown.row.getByText('Confirmed', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: /^Mark shipped/ }).click();
      await expect(card.getByRole('button', { name: /^Mark delivered/ })).toBeVisible();

      // The customer's order page follows without a reload.
      await expect(phone.getByText(/^Paid on .*received\. Thank you!$/)).toBeVisible();
      await expect(phone.locator('[aria-current="step"]')).toContainText('Shipped');
      await expect(phone.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      await staffContext.close();
      await phoneContext.close();
    },
  );

  test('the Medical Tips ad opens the catalogue with its product highlighted; an empty cart offers Shop Now', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Medical Tips', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Keep vaccinations on schedule' })).toBeVisible();
    const ad = page.getByRole('region', { name: 'Recommended products' });
    await expect(ad.getByRole('button', { name: /^View product/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await ad.getByRole('button', { name: 'Pause offers' }).click();
    const name = ((await ad.locator('p.truncate').textContent()) ?? '').trim();
    await ad.getByRole('button', { name: /^View product/ }).click();
    await expect(page).toHaveURL(/\/customer\/product$/);
    const card = productCard(page, name);
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card.getByText('Recommended for you')).toBeVisible();

    await page.goto('/customer/orders');
    await expect(page.getByText('No product selected')).toBeVisible();
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/\/customer\/product$/);
  });
});

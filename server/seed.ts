import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { CATEGORY_TAX } from '#shared/gst';
import type { Role } from '#shared/roles';
import { PRODUCT_SEED, productImage } from './catalogue/products-data.ts';
import type { Db } from './db/client.ts';
import { products, users } from './db/schema/index.ts';
import { createUser } from './users/service.ts';
import type { ClinicDefaultsConfig } from './clinic/settings.ts';
import { DEMO_VETS, seedDemoProviders } from './providers/demo.ts';

/**
 * Fills an empty catalogue with the 15 products and their first stock. Once the shop has products it is the admins'
 * to run: a seeded product they renamed does not come back under its old name. Running it again changes nothing,
 * and two processes starting at once insert each product once (unique product names).
 */
export async function seedProducts(db: Db): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(products);
  if (n > 0) return 0;
  const rows = await db
    .insert(products)
    .values(
      PRODUCT_SEED.map((p) => ({
        name: p.name,
        price: p.price.toFixed(2),
        rating: p.rating.toFixed(1),
        category: p.category,
        discount: p.discount,
        image: productImage(p.slug),
        details: p.details,
        stock: p.stock,
        ...CATEGORY_TAX[p.category],
      })),
    )
    .onConflictDoNothing({ target: products.name })
    .returning({ id: products.id });
  return rows.length;
}

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

/**
 * On an empty database only: one demo account of each role, with random passwords. Returns them so the
 * caller prints them once; they are also written to DATA_DIR/demo-accounts.txt (readable by the owner only).
 */
export async function seedDemoAccounts(db: Db, dataDir: string, clinic?: ClinicDefaultsConfig): Promise<DemoAccount[]> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return [];
  const people: { role: Role; name: string; email: string; phone: string; address: string }[] = [
    {
      role: 'admin',
      name: 'Clinic Admin',
      email: 'admin@pawcare.local',
      phone: '9000000001',
      address: 'Pawcare Head Office',
    },
    {
      role: 'employee',
      name: 'Front Desk',
      email: 'employee@pawcare.local',
      phone: '9000000002',
      address: 'Pawcare Clinic',
    },
    {
      role: 'user',
      name: 'Demo Customer',
      email: 'customer@pawcare.local',
      phone: '9000000003',
      address: '221 Lake Road, Kolkata',
    },
    // The landing page's vets, each a provider customers can book (decision 051).
    ...DEMO_VETS.map((v, i) => ({
      role: 'employee' as const,
      name: v.name,
      email: v.email,
      phone: `900000001${i}`,
      address: 'Pawcare Clinic',
    })),
  ];
  const accounts: DemoAccount[] = [];
  const made: { email: string; id: string }[] = [];
  for (const p of people) {
    const password = randomBytes(9).toString('base64url');
    const user = await createUser({ db }, { ...p, password });
    accounts.push({ role: p.role, email: p.email, password });
    made.push({ email: p.email, id: user.id });
  }
  if (clinic) await seedDemoProviders(db, clinic, made);
  const text = accounts.map((a) => `${a.role.padEnd(8)} ${a.email.padEnd(26)} ${a.password}`).join('\n') + '\n';
  writeFileSync(path.join(dataDir, 'demo-accounts.txt'), text, { mode: 0o600 });
  return accounts;
}

/** Ensures the database has what every installation needs (the products), whatever its origin. */
export async function seedEssentials(db: Db): Promise<void> {
  await seedProducts(db);
  // Keep the product id sequence ahead of explicit ids if rows were ever copied in by hand.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from products), 1))`,
  );
}

import { z } from 'zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIMES,
  PRODUCT_MSG,
  ProductInputSchema,
  type Product,
  type ProductInput,
  type ProductUpdate,
} from '#shared/catalogue';

/** What the form's inputs hold: text for every number. */
export interface ProductFormValues {
  name: string;
  price: string;
  discount: string;
  category: string;
  details: string;
  stock: string;
}

/** The form fields a server message can be about (its `details` paths). */
export const PRODUCT_FIELDS = new Set<string>(['name', 'price', 'discount', 'category', 'details', 'stock']);

/** A number typed in a box; an empty box is no number at all (the shared schema then names the field). */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The form's values checked by the server's own schema (ProductInputSchema): the same messages before and after sending. */
export const productFormSchema = z
  .object({
    name: z.string(),
    price: z.string(),
    discount: z.string(),
    category: z.string(),
    details: z.string(),
    stock: z.string(),
  })
  .transform((v, ctx): ProductInput => {
    const parsed = ProductInputSchema.safeParse({
      ...v,
      price: typedNumber(v.price),
      // No discount typed is no discount.
      discount: v.discount.trim() === '' ? 0 : typedNumber(v.discount),
      stock: typedNumber(v.stock),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

/** The form's starting values: a product's own, or a new product's (no discount, nothing in stock yet). */
export function formValuesOf(product: Product | null): ProductFormValues {
  if (!product) return { name: '', price: '', discount: '0', category: '', details: '', stock: '0' };
  return {
    name: product.name,
    price: String(product.price),
    discount: String(product.discount),
    category: product.category,
    details: product.details,
    stock: String(product.stock),
  };
}

/** The fields of `next` that differ from `product`: a PUT sends only these. */
export function changedFields(product: Product, next: ProductInput): ProductUpdate {
  const changes: ProductUpdate = {};
  if (next.name !== product.name) changes.name = next.name;
  if (next.price !== product.price) changes.price = next.price;
  if (next.discount !== product.discount) changes.discount = next.discount;
  if (next.category !== product.category) changes.category = next.category;
  if (next.details !== product.details) changes.details = next.details;
  if (next.stock !== product.stock) changes.stock = next.stock;
  return changes;
}

/** The browser's own check of a chosen picture (the server checks its bytes again). */
export function imageProblem(file: File): string | null {
  if (!(PRODUCT_IMAGE_MIMES as readonly string[]).includes(file.type)) return PRODUCT_MSG.imageType;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return PRODUCT_MSG.imageTooLarge;
  return null;
}

import { z } from 'zod';
import { PRODUCT_SORTS } from './catalogue-rules.ts';
import { CATEGORIES } from './catalogue-rules.ts';
import { PAGE_MAX } from './http.ts';
import { multiLineText, singleLineText } from './text.ts';
import { GstRateSchema, HsnSacSchema } from './invoices.ts';

const CategorySchema = z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(', ')}` });

/** A product as GET /api/products returns it: `_id` and `id`, numbers for money, rating and discount. */
export const ProductSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** Listed price in rupees. */
  price: z.number(),
  /** 0 to 5 in halves. */
  rating: z.number(),
  category: CategorySchema,
  /** Percent off the listed price, 0-100. */
  discount: z.number().int(),
  /** URL of the product's picture: a file of the web app for seeded products, `/api/products/{id}/image?v=...` once uploaded. */
  image: z.string(),
  details: z.string(),
  /** Units in stock now; 0 is out of stock. */
  stock: z.number().int(),
  /** False once an admin deactivates it: hidden from the catalogue and refused at checkout, kept for old orders. */
  active: z.boolean(),
  /** HSN code of the goods, printed on its invoice lines. */
  hsnSac: z.string(),
  /** GST rate in percent (0, 5, 12, 18 or 28). */
  gstRate: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export {
  outOfStockMessage,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  stockLabel,
  stockState,
  UNAVAILABLE_PRODUCT,
  type ProductSort,
} from './catalogue-rules.ts';
export { TOTAL_COUNT_HEADER } from './http.ts';

/** Empty query values ('' from a form or a shared link) mean "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/products query: every filter optional. `maxPrice` compares with the listed price, `minRating` is
 * inclusive, `q` searches name and details case-insensitively, `offers=true` keeps products with a discount. Pages: `page` (1-based, any order) with
 * X-Total-Count, or `cursor` (the last id of the previous page, catalogue order only; X-Next-Cursor).
 */
export const ProductQuerySchema = z.object({
  sort: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_SORTS, { error: `sort must be one of: ${PRODUCT_SORTS.join(', ')}` }).optional(),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'page must be a page number' })
      .int('page must be a page number')
      .min(1, 'page must be a page number')
      .max(100_000, 'page must be a page number')
      .optional(),
  ),
  category: z.preprocess(blankToUndefined, CategorySchema.optional()),
  maxPrice: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'maxPrice must be a number' })
      .min(0, 'maxPrice cannot be negative')
      .max(10_000_000, 'maxPrice is too large')
      .optional(),
  ),
  minRating: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'minRating must be a number' })
      .min(0, 'minRating must be between 0 and 5')
      .max(5, 'minRating must be between 0 and 5')
      .optional(),
  ),
  q: z.preprocess(
    blankToUndefined,
    singleLineText('Search text').max(100, 'Search text must be at most 100 characters').optional(),
  ),
  /** `true`: only products on offer (with a discount), as the rotating ads show. */
  offers: z
    .enum(['true', 'false'], { error: 'offers must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_MAX),
  cursor: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Invalid cursor' })
      .int('Invalid cursor')
      .min(0, 'Invalid cursor')
      .max(2_147_483_647, 'Invalid cursor')
      .optional(),
  ),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

/** GET /api/admin/products query (admin): the catalogue query plus deactivated products. */
export const AdminProductQuerySchema = ProductQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(['active', 'inactive', 'all'], { error: 'status must be one of: active, inactive, all' }).default('all'),
  ),
});

const PRODUCT_NAME_MAX = 80;
const PRODUCT_DETAILS_MAX = 2000;
const PRODUCT_PRICE_MAX = 1_000_000;
const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const PRODUCT_MSG = {
  nameRequired: 'Product name is required',
  priceInvalid: `Price must be between ₹1 and ₹${PRODUCT_PRICE_MAX.toLocaleString('en-IN')}, in rupees and paise`,
  discountInvalid: 'Discount must be a whole percent from 0 to 100',
  stockInvalid: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX.toLocaleString('en-IN')}`,
  detailsRequired: 'Description is required',
  nameTaken: 'A product with this name already exists',
  imageRequired: 'Choose a picture of the product',
  imageType: 'The picture must be a PNG, JPEG or WebP image',
  imageTooLarge: `The picture must be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
} as const;

const DiscountSchema = z
  .number({ error: PRODUCT_MSG.discountInvalid })
  .int(PRODUCT_MSG.discountInvalid)
  .min(0, PRODUCT_MSG.discountInvalid)
  .max(100, PRODUCT_MSG.discountInvalid);

/** POST /api/products body (admin). The picture is uploaded after, to PUT /api/products/{id}/image (multipart "image"). */
export const ProductInputSchema = z.object({
  name: singleLineText('Product name', PRODUCT_MSG.nameRequired)
    .min(1, PRODUCT_MSG.nameRequired)
    .max(PRODUCT_NAME_MAX, `Product name must be at most ${PRODUCT_NAME_MAX} characters`),
  price: z
    .number({ error: PRODUCT_MSG.priceInvalid })
    .min(1, PRODUCT_MSG.priceInvalid)
    .max(PRODUCT_PRICE_MAX, PRODUCT_MSG.priceInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRODUCT_MSG.priceInvalid),
  discount: DiscountSchema.default(0),
  category: CategorySchema,
  details: multiLineText('Description', PRODUCT_MSG.detailsRequired)
    .min(1, PRODUCT_MSG.detailsRequired)
    .max(PRODUCT_DETAILS_MAX, `Description must be at most ${PRODUCT_DETAILS_MAX} characters`),
  stock: z
    .number({ error: PRODUCT_MSG.stockInvalid })
    .int(PRODUCT_MSG.stockInvalid)
    .min(0, PRODUCT_MSG.stockInvalid)
    .max(PRODUCT_STOCK_MAX, PRODUCT_MSG.stockInvalid),
  /** Left out: its category's (CATEGORY_TAX in shared/gst.ts). */
  hsnSac: HsnSacSchema.optional(),
  gstRate: GstRateSchema.optional(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;
export type ProductInputValues = z.input<typeof ProductInputSchema>;

/**
 * PUT /api/products/{id} body (admin): any of the fields, and `active` to deactivate or bring it back. A discount
 * left out stays as it is (no default here, unlike a new product's 0).
 */
export const ProductUpdateSchema = ProductInputSchema.extend({ discount: DiscountSchema })
  .partial()
  .extend({ active: z.boolean().optional() });
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

/** PUT /api/products/{id}/image form as the API documents it: one file, `image`, checked by its bytes on the server. */
export const ProductImageFormSchema = z.object({
  image: z.string().meta({ format: 'binary', description: 'PNG, JPEG or WebP, at most 2 MB' }),
});

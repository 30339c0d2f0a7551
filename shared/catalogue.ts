import { z } from 'zod';
import { CATEGORIES, PAGE_MAX } from './constants.ts';
import { singleLineText } from './text.ts';

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
  image: z.string(),
  details: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Empty query values ('' from a form or a shared link) mean "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/products query: every filter optional. `maxPrice` compares with the listed price, `minRating` is
 * inclusive, `q` searches name and details case-insensitively. `cursor` is the last id of the previous page.
 */
export const ProductQuerySchema = z.object({
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

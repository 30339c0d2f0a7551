import type { Category } from '#shared/catalogue-rules';

/** The shop's 15 products (spec section 3), with every discount a number and every product a category. */
export const PRODUCT_SEED: {
  name: string;
  price: number;
  rating: number;
  category: Category;
  discount: number;
  slug: string;
  /** Units on the shelf when the shop is first set up. */
  stock: number;
  details: string;
}[] = [
  {
    name: 'Dog Food',
    price: 500,
    rating: 5,
    category: 'Food',
    discount: 10,
    slug: 'dog-food',
    stock: 48,
    details: 'Complete daily nutrition for adult dogs, with real chicken and whole grains.',
  },
  {
    name: 'Cat Toy',
    price: 300,
    rating: 4,
    category: 'Toys',
    discount: 5,
    slug: 'cat-toy',
    stock: 36,
    details: 'A feather wand with a bell that keeps indoor cats moving and curious.',
  },
  {
    name: 'Bird Cage',
    price: 1200,
    rating: 4,
    category: 'Accessories',
    discount: 15,
    slug: 'bird-cage',
    stock: 14,
    details: 'A roomy powder-coated cage with two perches, feeders and a slide-out tray.',
  },
  {
    name: 'Fish Tank',
    price: 2000,
    rating: 5,
    category: 'Accessories',
    discount: 20,
    slug: 'fish-tank',
    stock: 12,
    details: 'A 40-litre glass aquarium with a quiet filter and an LED hood.',
  },
  {
    name: 'Pet Shampoo',
    price: 250,
    rating: 3,
    category: 'Care',
    discount: 8,
    slug: 'pet-shampoo',
    stock: 40,
    details: 'A gentle oatmeal shampoo for dogs and cats with sensitive skin.',
  },
  {
    name: 'Royal Canin Dog Food',
    price: 1200,
    rating: 4,
    category: 'Food',
    discount: 10,
    slug: 'royal-canin-dog-food',
    stock: 30,
    details: 'Breed-size formula kibble that supports digestion and a healthy coat.',
  },
  {
    name: 'Whiskas Cat Food',
    price: 800,
    rating: 5,
    category: 'Food',
    discount: 15,
    slug: 'whiskas-cat-food',
    stock: 55,
    details: 'Tender fish-flavoured meals that adult cats love, rich in protein.',
  },
  {
    name: 'Pedigree Puppy Food',
    price: 900,
    rating: 4,
    category: 'Food',
    discount: 12,
    slug: 'pedigree-puppy-food',
    stock: 22,
    details: 'Milk and chicken kibble with calcium for growing puppies.',
  },
  {
    name: 'Pet Shampoo - Anti Flea',
    price: 500,
    rating: 4,
    category: 'Care',
    discount: 5,
    slug: 'pet-shampoo-anti-flea',
    stock: 18,
    details: 'A neem and tea-tree shampoo that helps keep fleas and ticks away.',
  },
  {
    name: 'Chew Toy - Rubber Bone',
    price: 300,
    rating: 3.5,
    category: 'Toys',
    discount: 20,
    slug: 'chew-toy-rubber-bone',
    stock: 60,
    details: 'A tough natural-rubber bone that cleans teeth while your dog chews.',
  },
  {
    name: 'Cat Scratching Post',
    price: 1100,
    rating: 4.5,
    category: 'Accessories',
    discount: 18,
    slug: 'cat-scratching-post',
    stock: 25,
    details: 'A sisal-wrapped post with a plush perch that saves your sofa.',
  },
  {
    name: 'Soft Pet Bed - Large',
    price: 2500,
    rating: 3,
    category: 'Accessories',
    discount: 25,
    slug: 'soft-pet-bed-large',
    stock: 16,
    details: 'A washable orthopaedic bed with raised sides for large dogs.',
  },
  {
    name: 'Adjustable Pet Harness',
    price: 700,
    rating: 2.5,
    category: 'Accessories',
    discount: 10,
    slug: 'adjustable-pet-harness',
    stock: 34,
    details: 'A padded no-pull harness with reflective stitching and quick buckles.',
  },
  {
    name: 'Pet Water Dispenser',
    price: 1500,
    rating: 4.5,
    category: 'Accessories',
    discount: 30,
    slug: 'pet-water-dispenser',
    stock: 28,
    details: 'A 2.5-litre filtered fountain that keeps water fresh and flowing.',
  },
  {
    name: 'Organic Pet Treats',
    price: 650,
    rating: 4,
    category: 'Food',
    discount: 8,
    slug: 'organic-pet-treats',
    stock: 45,
    details: 'Grain-free sweet-potato and pumpkin treats for training and rewards.',
  },
];

/** Where a product's picture is served from (a local asset in web/public). */
export const productImage = (slug: string) => `/images/products/${slug}.svg`;

/** The picture of a product created in the app until an admin uploads its own (a file of the web app). */
export const PRODUCT_PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

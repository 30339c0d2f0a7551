import { lazyPage } from '../lib/lazy-page.ts';

/**
 * Pages both visitors and customers see (each with its own navbar): every page is its own chunk, fetched on first
 * visit; a prerendered page stays on screen as HTML until its chunk is there, then hydrates (decision 049).
 */
export const HomePage = lazyPage(() => import('../features/marketing/pages/home.tsx'));
export const ServicesPage = lazyPage(() => import('../features/marketing/pages/services.tsx'));
export const AboutPage = lazyPage(() => import('../features/marketing/pages/about.tsx'));
export const ContactPage = lazyPage(() => import('../features/marketing/pages/contact.tsx'));
export const Products = lazyPage(() => import('../features/catalogue/pages/products.tsx'));
export const ProductDetails = lazyPage(() => import('../features/catalogue/pages/product.tsx'));

/**
 * The page's entry script. A prerendered public page (scripts/vite-prerender.ts) is readable as soon as its HTML
 * and CSS arrive: let the browser paint it first, then fetch and start the app, which hydrates it. Any other page
 * starts the app at once. A background tab, which gets no animation frames, goes ahead after a short wait.
 */
// The stylesheet belongs to the entry, so it is linked from the HTML itself and the first paint is styled.
import './styles.css';

const prerendered = !!document.getElementById('root')?.firstElementChild;
if (prerendered) {
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}
// The page's own code is a chunk of its own (app/pages.ts, app/router.tsx): asked for beside the app's, not after it.
const PAGE_CODE: Record<string, () => Promise<unknown>> = {
  '/': () => import('./features/marketing/pages/home.tsx'),
  '/home': () => import('./features/marketing/pages/home.tsx'),
  '/services': () => import('./features/marketing/pages/services.tsx'),
  '/about': () => import('./features/marketing/pages/about.tsx'),
  '/contact': () => import('./features/marketing/pages/contact.tsx'),
  '/products': () => import('./features/catalogue/pages/products.tsx'),
  '/login': () => import('./features/auth/pages/login.tsx'),
  '/register': () => import('./features/auth/pages/register.tsx'),
};
// A failure here is the page's to report, when it loads the same chunk itself.
PAGE_CODE[location.pathname]?.().catch(() => {});
await import('./main.tsx');

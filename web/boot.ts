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
await import('./main.tsx');

import axe from 'axe-core';

/**
 * Runs axe (WCAG 2.x A/AA and best practices, as the e2e suite does) on what a component test rendered and returns
 * the violations, readable in a failure. jsdom lays nothing out, so colour contrast is left to the e2e suite; rules
 * about the whole document (its landmarks, title and language) belong to the app shell, not to one page's content.
 */
export async function axeViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: false },
      'landmark-one-main': { enabled: false },
      'page-has-heading-one': { enabled: false },
      'document-title': { enabled: false },
      'html-has-lang': { enabled: false },
    },
  });
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

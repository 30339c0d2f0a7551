import { z } from 'zod';
import { singleLineText } from '#shared/text';
import { routes } from '../lib/routes.ts';

const PALETTE = [
  '#1d4ed8',
  '#047857',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#0f766e',
  '#4338ca',
  '#a21caf',
  '#15803d',
  '#9a3412',
];

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Initials of up to two words of a name ("Pet Owner" -> "PO"). */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** A deterministic SVG avatar (coloured circle + initials): no outside service learns our users' names. */
function avatarSvg(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  const bg = PALETTE[h % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}"><circle cx="64" cy="64" r="64" fill="${bg}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${escapeXml(initials(name))}</text></svg>`;
}

/**
 * GET /api/avatar?name=...: the generated avatar image of a name. Any site may show it (it tells nothing the URL does
 * not): people's `image` is this address, absolute under PUBLIC_URL, also for clients served from elsewhere.
 */
export default routes((app) => {
  app.get(
    '/api/avatar',
    {
      schema: {
        tags: ['users'],
        summary: 'Generated avatar (SVG) for a name',
        querystring: z.object({ name: singleLineText('name').min(1, 'name is required').max(100) }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(avatarSvg(request.query.name)),
  );
});

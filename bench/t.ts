import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const url of process.argv.slice(2)) {
  const page = await browser.newPage();
  const urls = new Set<string>();
  const errs: string[] = [];
  page.on('pageerror', (e) => errs.push(e.message.slice(0, 200)));
  page.on('console', (m) => { if (m.type() === 'error') errs.push(m.text().slice(0, 200)); });
  page.on('request', (r) => { if (r.resourceType() === 'script') urls.add(new URL(r.url()).pathname); });
  await page.goto('http://127.0.0.1:3891' + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const files = [...urls].map((p) => [p, gzipSync(readFileSync('web/dist' + p), { level: 9 }).length] as const).sort((a, b) => b[1] - a[1]);
  console.log(url, (files.reduce((n, f) => n + f[1], 0) / 1000).toFixed(1), 'kB', files.slice(0, 6).map(([p, n]) => `${p.replace('/assets/', '')}:${(n / 1000).toFixed(1)}`).join(' '), errs);
  await page.close();
}
await browser.close();

// Renders www/icons/icon.svg to the PNG icons the web app manifest lists (192 and 512 pixels),
// with Debian's Chromium: `node tests/e2e/make-icons.mjs`. The PNGs are committed; run this again
// after changing the SVG.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, repoRoot } from './helpers.js';

const svg = readFileSync(path.join(repoRoot, 'www/icons/icon.svg'), 'utf8');
const browser = await launchBrowser();
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${source}" width="${size}" height="${size}"></body>`);
    await page.waitForFunction(() => document.querySelector('img').complete);
    await page.screenshot({ path: path.join(repoRoot, `www/icons/icon-${size}.png`), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}

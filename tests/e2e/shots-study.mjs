import { startServer, launchBrowser, openPage, waitReady } from './helpers.js';
const server = await startServer(undefined, { isolated: true });
const browser = await launchBrowser();
const sizes = [['phone', { width: 390, height: 844 }, true], ['projector', { width: 1024, height: 768 }, false], ['desktop', { width: 1440, height: 900 }, false]];
for (const lang of ['en', 'pt-PT']) {
  for (const [name, viewport, touch] of sizes) {
    const { page, context } = await openPage(browser, viewport, touch ? { hasTouch: true, isMobile: true } : {});
    await page.goto(`${server.url}?black=human&white=human&lang=${lang}&moves=f5d6c3d3c4f4`);
    await waitReady(page);
    await page.click('[data-testid="analysis-switch"]');
    await page.waitForTimeout(4000);
    await page.locator('#study').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/study-${lang}-${name}.png`, fullPage: false });
    await page.screenshot({ path: `/tmp/shots/study-${lang}-${name}-full.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
server.close();

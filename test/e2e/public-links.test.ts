import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, followRequests, launchBrowser, networkSettled, newContext, PHONE } from '../support/browser';
import { local } from '../support/local';

/**
 * Issue 36, item 10: no public page links to `#` but the footer's two app-store badges, the placeholders the spec
 * keeps (docs/design.md, "Shared public header and menus"); the mega menus' and the mobile menu's links included.
 */
const PUBLIC_PAGES = [
  '/', '/about', '/stations', '/docs', '/user-flow', '/diagram', '/api-docs', '/help', '/contact', '/privacy',
  '/signin', '/signup', '/forgot-password', '/s/HRL-00001', '/r/GO-none~0000000000000000', '/no-such-page',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The `#` links of the page as it is now: their text, and whether they sit in the footer. */
const hashLinks = (page: Page) =>
  page.locator('a[href="#"]').evaluateAll((links) => links.map((a) => ({ text: (a.textContent ?? '').trim(), inFooter: !!a.closest('#site-footer') })));
const STORE_BADGES = [{ text: 'Download for iOS', inFooter: true }, { text: 'Get it on Android', inFooter: true }];

describe('placeholder links on the public pages', () => {
  it('leaves only the app-store badges as # links, on every public page and in every mega menu', async () => {
    const page = followRequests(await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage());
    for (const path of PUBLIC_PAGES) {
      await page.goto(`${local().web}${path}`);
      // Rendered: the page's main content or the sign-in form is there.
      await page.locator('main, form').first().waitFor();
      await networkSettled(page);
      const found = await hashLinks(page);
      const hasFooter = (await page.locator('#site-footer').count()) > 0;
      expect(found, path).toEqual(hasFooter ? STORE_BADGES : []);
    }
    await page.goto(`${local().web}/`);
    for (const menu of ['Stations', 'About', 'Partners']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: menu, exact: true }).hover();
      const panel = page.locator(`#mega-menu[data-state="open"]`);
      await panel.getByRole('link').first().waitFor();
      expect(await panel.locator('a').count(), menu).toBeGreaterThan(5);
      expect(await hashLinks(page), menu).toEqual(STORE_BADGES);
      await page.keyboard.press('Escape');
    }
  }, 240_000);

  it('and in the mobile menu of a 390 px phone', async () => {
    const page = await (await newContext(browser, { ...PHONE, locale: 'en-US' })).newPage();
    for (const path of ['/', '/about']) {
      await page.goto(`${local().web}${path}`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator('#mobile-menu');
      await menu.getByRole('link').first().waitFor();
      expect(await menu.locator('a[href="#"]').count(), path).toBe(0);
    }
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, followRequests, launchBrowser, networkSettled, newContext, PHONE } from '../support/browser';
import { local } from '../support/local';
import { answerConsoleCode, signInInBrowser } from '../support/auth';

/**
 * Issue 13: a stage with simulated payments says so on every page. The local cloud serves /config.json with
 * paymentsMode 'sandbox' (its sandbox gateway settles top-ups without money); a live stage shows nothing.
 */

const ENGLISH = 'Test mode: payments are simulated, no real money is charged';
const INDONESIAN = 'Mode uji: pembayaran disimulasikan, tanpa uang sungguhan';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const banner = (page: Page) => page.getByRole('note').filter({ hasText: /^(Test mode|Mode uji):/ });

/** Records whether the banner was in the page's first render, and the layout shifts. */
async function watchFirstRender(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __bannerInFirstRender?: boolean; __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      w.__bannerInFirstRender = Boolean(document.querySelector('[role=note]'));
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('the test-mode banner', () => {
  it('is in the first render of a page rendered in the browser (the shell: /admin/login), in English, and shifts nothing', async () => {
    expect(((await (await fetch(local().web + '/config.json')).json()) as { paymentsMode: string }).paymentsMode).toBe('sandbox');
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    await watchFirstRender(context);
    const page = followRequests(await context.newPage());
    await page.goto(local().web + '/admin/login');
    await page.getByRole('button', { name: 'Login' }).first().waitFor();
    expect(await banner(page).textContent()).toBe(ENGLISH);
    expect(await page.evaluate(() => (window as unknown as { __bannerInFirstRender?: boolean }).__bannerInFirstRender)).toBe(true);
    // Everything the page fetched has arrived and rendered: a late shift would have happened by now.
    await networkSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    await context.close();
  });

  it('comes on a prerendered page (the landing page) as soon as it is hydrated, in English, and shifts nothing', async () => {
    // The prerendered HTML cannot know the stage (docs/architecture.md, "Prerendered public pages").
    expect(await (await fetch(local().web + '/')).text()).not.toContain('Test mode');
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    await watchFirstRender(context);
    const page = followRequests(await context.newPage());
    await page.goto(local().web + '/');
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toBe(ENGLISH);
    await networkSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    // Small and out of the way: one line at the bottom of a phone screen, clicks go through it.
    const box = (await banner(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(24);
    expect(box.y + box.height).toBeGreaterThan(844 - 24);
    expect(await banner(page).evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await context.close();
  });

  it('speaks Bahasa Indonesia when the visitor does', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'id-ID' });
    const page = await context.newPage();
    for (const [path, ready] of [['/', 'Cari stasiun'], ['/stations', 'Stasiun Isi Ulang Air'], ['/about', 'Dampak Kami Sejauh Ini']] as const) {
      await page.goto(local().web + path);
      await page.getByText(ready).first().waitFor();
      expect([path, await banner(page).textContent()]).toEqual([path, INDONESIAN]);
    }
    await context.close();
  });

  it('is on the signed-in app (above its tab bar) and on the admin console', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const user = local().cognito.accounts.find((a) => a.role === 'user')!;
    await signInInBrowser(page, user.username, user.password);
    await page.getByTestId('balance').waitFor();
    expect(await banner(page).textContent()).toBe(ENGLISH);
    const tabs = (await page.getByRole('navigation', { name: 'App' }).boundingBox())!;
    const note = (await banner(page).boundingBox())!;
    expect(note.y + note.height).toBeLessThanOrEqual(tabs.y);

    const admin = local().cognito.accounts.find((a) => a.role === 'admin')!;
    const desk = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const console = await desk.newPage();
    await console.goto(local().web + '/admin/login');
    expect(await banner(console).textContent()).toBe(ENGLISH);
    await console.getByLabel('Username').fill(admin.username);
    await console.getByLabel('Password', { exact: true }).fill(admin.password);
    await console.getByRole('button', { name: 'Login' }).click();
    await answerConsoleCode(console);
    await console.getByRole('table', { name: 'Machines' }).waitFor();
    expect(await banner(console).textContent()).toBe(ENGLISH);
    await desk.close();
    await context.close();
  });

  it('is not shown when /config.json says the payments are live', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), paymentsMode: 'live' } });
    });
    const page = await context.newPage();
    // The station list shows only after a prerendered page is hydrated: by then the banner would be there.
    for (const [path, ready] of [['/', 'Seminyak Square'], ['/stations', 'Seminyak Square']] as const) {
      await page.goto(local().web + path);
      await page.getByText(ready).first().waitFor();
      expect([path, await banner(page).count()]).toEqual([path, 0]);
    }
    await context.close();
  });
});

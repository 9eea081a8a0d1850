import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, painted, PHONE } from '../support/browser';
import { local } from '../support/local';

/** Issue 3: the mega menus (200 ms fade, close on leaving the panel) and the mobile menu (scroll lock, accordion on /about). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function desktopPage(path = '/') {
  const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(local().web + path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

const panel = (page: Page) => page.locator('#mega-menu');

describe('mega menus', () => {
  it('opens the Stations menu on hover, fading in over 200 ms, and keeps it open inside the panel', async () => {
    const page = await desktopPage('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Stations', exact: true }).hover();
    const menu = page.getByRole('region', { name: 'Stations menu' });
    await menu.waitFor();
    expect(await panel(page).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.2s');
    await page.waitForFunction(() => getComputedStyle(document.getElementById('mega-menu')!).opacity === '1');
    for (const text of ['Popular Areas', 'Seminyak', 'Canggu', 'Ubud', 'Denpasar', 'Sanur', 'Station Types', 'Beach Stations', 'Mall Locations', 'Market Areas', 'Tourist Spots', 'Co-working Spaces', 'Quick Actions', 'Find Nearby', 'Mobile App', 'Station Map', 'Check Balance', 'Report Issue']) {
      expect(await menu.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    // The station menu's entries do what they say: an area filters the finder, Check Balance signs in.
    expect(await menu.getByRole('link', { name: 'Seminyak' }).getAttribute('href')).toBe('/stations?area=Seminyak');
    expect(await menu.getByRole('link', { name: 'Check Balance' }).getAttribute('href')).toBe('/signin?redirect=%2Fapp');
    expect(await menu.getByRole('link', { name: 'Browse all stations' }).getAttribute('href')).toBe('/stations');
    expect(await nav.getByRole('button', { name: 'Show Stations menu' }).getAttribute('aria-expanded')).toBe('true');

    // Moving from the link down into the panel keeps it open.
    const box = (await menu.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    // Leaving the header closes the panel at once (no delay): a close would be rendered by the next paints.
    await painted(page);
    expect(await panel(page).getAttribute('data-state')).toBe('open');
    await page.context().close();
  });

  it('closes when the pointer leaves the panel, fading out before it is removed', async () => {
    const page = await desktopPage('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).hover();
    const menu = page.getByRole('region', { name: 'About menu' });
    await menu.waitFor();
    for (const column of ['Our Mission', 'How It Works', 'Resources', 'Company']) expect(await menu.getByText(column, { exact: true }).count(), column).toBe(1);
    const box = (await menu.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + 40, box.y + box.height + 150, { steps: 3 });
    const left = Date.now();
    await page.waitForFunction(() => document.getElementById('mega-menu')?.dataset.state === 'closed');
    // Still in the DOM while it fades, gone after the 200 ms fade.
    await panel(page).waitFor({ state: 'detached' });
    const gone = Date.now() - left;
    expect(gone).toBeGreaterThanOrEqual(150);
    expect(gone).toBeLessThan(2000);
    await page.context().close();
  });

  it('shows the Partners menu columns', async () => {
    const page = await desktopPage('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners', exact: true }).hover();
    const menu = page.getByRole('region', { name: 'Partners menu' });
    await menu.waitFor();
    for (const column of ['Become a Partner', 'Current Partners', 'Resources', 'Business Solutions']) expect(await menu.getByText(column, { exact: true }).count(), column).toBe(1);
    expect(await menu.getByRole('link', { name: 'Host a station' }).getAttribute('href')).toBe('/#partner');
    await page.context().close();
  });

  it('opens from the keyboard and closes on Escape, returning focus', async () => {
    const page = await desktopPage('/');
    const toggle = page.getByRole('button', { name: 'Show About menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'About menu' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#mega-menu') !== null || document.activeElement?.closest('nav') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show About menu');
    await page.context().close();
  });

  it('marks the current page in the header', async () => {
    const page = await desktopPage('/about');
    expect(await page.locator('header nav a[aria-current="page"]').allInnerTexts()).toEqual(['About']);
    await page.context().close();
  });
});

describe('the mobile menu', () => {
  async function phonePage(path: string) {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(local().web + path);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    return page;
  }
  const overflow = (page: Page) => page.evaluate(() => [getComputedStyle(document.documentElement).overflow, getComputedStyle(document.body).overflow]);

  it('locks page scrolling while open and closes when an item is chosen', async () => {
    const page = await phonePage('/');
    expect(await overflow(page)).toEqual(['visible', 'visible']);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('region', { name: 'Mobile menu' });
    await menu.waitFor();
    expect(await overflow(page)).toEqual(['hidden', 'hidden']);
    // The page behind does not scroll under the visitor's finger or wheel.
    await page.evaluate(() => addEventListener('wheel', () => ((window as unknown as { wheeled: boolean }).wheeled = true), { once: true, passive: true }));
    await page.mouse.move(195, 500);
    await page.mouse.wheel(0, 800);
    // The page got the wheel, and painted since: a scroll it allowed would have begun.
    await page.waitForFunction(() => (window as unknown as { wheeled?: boolean }).wheeled);
    await painted(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    await menu.waitFor({ state: 'detached' });
    expect(await overflow(page)).toEqual(['visible', 'visible']);
    await page.mouse.move(195, 500);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.context().close();
  });

  it('is an accordion on the About page', async () => {
    const page = await phonePage('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('region', { name: 'Mobile menu' });
    // The menu's code comes after the page's first render (docs/scale.md, "First-render JavaScript budget").
    await menu.waitFor();
    for (const section of ['Popular Areas', 'Station Features', 'About Us', 'Partnership']) {
      expect(await menu.getByRole('button', { name: section }).count(), section).toBe(1);
    }
    expect(await menu.getByRole('link', { name: 'Seminyak' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Real-time Status' }).isVisible()).toBe(false);
    await menu.getByRole('button', { name: 'Station Features' }).click();
    for (const feature of ['Real-time Status', 'Water Quality Monitor', 'Mobile Payments', 'Refill History']) {
      expect(await menu.getByRole('link', { name: feature }).isVisible(), feature).toBe(true);
    }
    expect(await menu.getByRole('link', { name: 'Seminyak' }).isVisible()).toBe(false);
    expect(await menu.getByRole('link', { name: 'Real-time Status' }).getAttribute('href')).toBe('/stations');
    await menu.getByRole('button', { name: 'Partnership' }).click();
    expect(await menu.getByRole('link', { name: 'Become a Partner' }).getAttribute('href')).toBe('/#partner');
    await menu.getByRole('link', { name: 'Become a Partner' }).click();
    await page.waitForURL(/\/#partner$/);
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('closes on Escape', async () => {
    const page = await phonePage('/stations');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('region', { name: 'Mobile menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Mobile menu' }).waitFor({ state: 'detached' });
    expect(await overflow(page)).toEqual(['visible', 'visible']);
    await page.context().close();
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { DESKTOP, followRequests, launchBrowser, networkSettled, newContext, PHONE } from '../support/browser';
import { asAdmin } from '../support/admin';
import { apiFetch, local } from '../support/local';
import { adminSignInInBrowser, seededAccount, signInInBrowser } from '../support/auth';

/**
 * Readable in the Bali sun: every screen (public, sign-in, app, admin) passes axe-core's WCAG 2.0 A and AA, 2.1 AA
 * and 2.2 AA rules at phone and desktop widths, fits a 390 px phone without scrolling sideways, and on the phone
 * every control a thumb aims at is at least 44 by 44 px.
 */

const MIN_TARGET_PX = 44;

type Screen = { path: string; ready: (p: Page) => Promise<unknown> };
const text = (value: string) => (p: Page) => p.getByText(value).filter({ visible: true }).first().waitFor();
const role = (name: Parameters<Page['getByRole']>[0], label: string) => (p: Page) => p.getByRole(name, { name: label }).filter({ visible: true }).first().waitFor();
/** The console's stations: a table on a desk, a list of cards on a phone (the other one is there, hidden). */
const machines = (p: Page) => p.getByRole('table', { name: 'Machines' }).or(p.getByRole('list', { name: 'Machines' })).filter({ visible: true }).first().waitFor();

const PUBLIC: Screen[] = [
  { path: '/', ready: role('list', 'Online stations') },
  { path: '/about', ready: text('Our Impact So Far') },
  { path: '/stations', ready: role('searchbox', 'Search stations') },
  { path: '/s/HRL-00001', ready: role('heading', 'Refill at') },
  { path: `/r/GO-${'0'.repeat(32)}~not-a-receipt-secret-000000`, ready: text('This receipt does not exist') },
  { path: '/diagram', ready: text('Data models') },
  { path: '/user-flow', ready: text('Summary') },
  { path: '/docs', ready: text('Getting started') },
  { path: '/api-docs', ready: text('OpenAPI 3.1.0') },
  { path: '/admin/test', ready: text('Timestamp') },
  { path: '/no-such-page', ready: text('404 Page Not Found') },
  { path: '/signin', ready: role('form', 'Sign in') },
  { path: '/signup', ready: role('button', 'Create account') },
  { path: '/forgot-password', ready: role('form', 'Request a reset code') },
  { path: '/admin/login', ready: role('heading', 'Admin login') },
];
const APP: Screen[] = [
  { path: '/app', ready: (p) => p.getByRole('list', { name: 'Recent transactions' }).waitFor() },
  { path: '/app?overlay=topup', ready: role('dialog', 'Top Up') },
  { path: '/app/history', ready: role('list', 'Transactions') },
  { path: '/app/profile', ready: text('Member since') },
  { path: '/app/map', ready: role('heading', 'Find Machines') },
];
const ADMIN: Screen[] = [
  { path: '/admin', ready: machines },
  { path: '/admin?tab=users', ready: role('table', 'Users') },
  { path: '/admin?tab=transactions', ready: role('table', 'Transactions') },
  { path: '/admin?tab=host-requests', ready: role('link', 'komang.sun@example.com') },
  { path: '/admin?tab=system', ready: role('button', 'Save Configuration') },
  { path: '/admin/alerts', ready: role('heading', 'Alerts') },
  { path: '/admin/visits', ready: role('list', "Today's route") },
  { path: '/admin/tickets', ready: role('heading', 'Tickets') },
  { path: '/admin/commands', ready: role('heading', 'New command') },
  // The path of a command made in beforeAll (an aborted restart, so every status colour of a row shows).
  { path: '/admin/commands/', ready: role('table', 'Stations') },
  { path: '/admin/stickers', ready: role('img', 'Sheet 1 of') },
  // Today's book: its figures or, on a day nothing moved yet, the empty day; what is held now either way.
  { path: '/admin/book', ready: role('region', 'Now') },
  { path: '/admin/stations/HRL-00001', ready: role('heading', 'Vends and revenue per day') },
];

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A host request, so that the admin tab is measured with its rows (contact links included), not only its empty state.
  const application = {
    businessName: 'Warung Sunlight', contactName: 'Komang Ayu', email: 'komang.sun@example.com', phone: '+62 811 5555 666',
    address: 'Jl. Pantai Berawa 12, Canggu', businessType: 'cafe', expectedFootfall: '100-300', comments: 'Shade and a tap by the road',
  };
  expect((await apiFetch('/api/host-requests', { method: 'POST', json: application })).status).toBe(201);
  const command = await asAdmin('/api/admin/commands', { method: 'POST', json: { type: 'restart', target: { stationIds: ['HRL-00001', 'HRL-00002'] } } });
  expect(command.status, JSON.stringify(command.body)).toBe(201);
  const id = (command.body as { id: string }).id;
  expect((await asAdmin(`/api/admin/commands/${id}/abort`, { method: 'POST' })).status).toBe(200);
  ADMIN.find((screen) => screen.path === '/admin/commands/')!.path += id;
});
afterAll(async () => browser?.close());

async function signedIn(context: BrowserContext, as: 'user' | 'admin'): Promise<Page> {
  const page = followRequests(await context.newPage());
  if (as === 'user') await signInInBrowser(page, seededAccount('user').username, seededAccount('user').password);
  else await adminSignInInBrowser(page);
  return page;
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
const horizontalOverflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Controls smaller than 44 x 44 px. Links inside a sentence are exempt (WCAG 2.5.8's inline exception), and so
 * are visually hidden inputs whose label is the target (measured as the label instead).
 */
const smallTargets = (p: Page) =>
  p.evaluate((min) => {
    const out: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=tab], [role=button], summary')) {
      let target: Element = el;
      const box0 = el.getBoundingClientRect();
      if (box0.width <= 1 || box0.height <= 1) {
        const label = el.closest('label');
        if (!label) continue;
        target = label;
      }
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none' || target.closest('[aria-hidden="true"], [inert]')) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A link in a sentence: an inline box whose parent says more than the link.
      if (style.display === 'inline' && (target.parentElement?.textContent ?? '').trim().length > (target.textContent ?? '').trim().length) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) out.push(`${describe(target)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return out;
  }, MIN_TARGET_PX);

async function check(p: Page, screens: Screen[], size: 'phone' | 'desktop') {
  const found: Record<string, unknown> = {};
  for (const screen of screens) {
    await p.goto(local().web + screen.path);
    await screen.ready(p);
    await networkSettled(p);
    const problems: Record<string, unknown> = {};
    const violations = await axeViolations(p);
    if (violations.length) problems.axe = violations;
    const overflow = await horizontalOverflow(p);
    if (overflow > 0) problems.overflowPx = overflow;
    if (size === 'phone') {
      const small = await smallTargets(p);
      if (small.length) problems.smallTargets = small;
    }
    if (Object.keys(problems).length) found[screen.path] = problems;
  }
  return found;
}

// Concurrently, in one browser: each test has its own context, and most of a screen's time is waiting on the server.
describe.concurrent('accessibility in the sun', () => {
  for (const [size, options] of SIZES) {
    it(`public and sign-in screens pass WCAG 2.2 AA, fit the width and have big targets (${size})`, async () => {
      const context = await newContext(browser, { ...options, locale: 'en-US' });
      const found = await check(followRequests(await context.newPage()), PUBLIC, size);
      await context.close();
      expect(found).toEqual({});
    }, 240_000);

    it(`the signed-in app passes WCAG 2.2 AA, fits the width and has big targets (${size})`, async () => {
      const context = await newContext(browser, { ...options, locale: 'en-US' });
      const found = await check(await signedIn(context, 'user'), APP, size);
      await context.close();
      expect(found).toEqual({});
    }, 240_000);

    it(`the admin console passes WCAG 2.2 AA, fits the width and has big targets (${size})`, async () => {
      const context = await newContext(browser, { ...options, locale: 'en-US' });
      const found = await check(await signedIn(context, 'admin'), ADMIN, size);
      await context.close();
      expect(found).toEqual({});
    }, 240_000);
  }

  it('keeps the admin header within 1280 px whatever the counts: the badges at their widest, the e-mail gives way', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const p = await signedIn(context, 'admin');
    await p.goto(local().web + '/admin');
    await p.getByRole('table', { name: 'Machines' }).waitFor();
    // A full test run leaves scores of open alerts and tickets: their badges read "99+" (CountBadge's widest).
    await p.evaluate(() => {
      for (const link of document.querySelectorAll('header a[href="/admin/alerts"], header a[href="/admin/tickets"]')) {
        if (!link.querySelector('[data-testid$="-count"]')) link.insertAdjacentHTML('beforeend', '<span data-testid="probe-count" class="sm:static sm:min-w-5 sm:px-1.5 sm:text-[11px] rounded-full font-bold"></span>');
        const badge = link.querySelector('[data-testid$="-count"]')!;
        badge.innerHTML = '<span class="hidden sm:inline">99+</span>';
      }
    });
    expect(await horizontalOverflow(p)).toBe(0);
    await context.close();
  });

  it('the checks see what they are meant to: a light grey text, a wide table and a small button are reported', async () => {
    const context = await newContext(browser, { ...PHONE, locale: 'en-US' });
    const p = await context.newPage();
    await p.goto(local().web + '/admin/test');
    await p.getByText('Timestamp').first().waitFor();
    await p.evaluate(() => {
      const probe = document.createElement('div');
      probe.innerHTML =
        '<p style="color:#94a3b8;background:#fff">Pale text</p><div style="width:900px">wide</div>' +
        '<span role="button" tabindex="0" style="display:inline-block;height:30px">Tiny</span><button type="button" id="grown" style="height:30px;width:30px">+</button>';
      document.body.append(probe);
    });
    // The phone's minimum target size applies to buttons however small their own classes make them.
    expect(await p.evaluate(() => document.getElementById('grown')!.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
    expect((await axeViolations(p)).map((v) => v.id)).toContain('color-contrast');
    expect(await horizontalOverflow(p)).toBeGreaterThan(400);
    expect((await smallTargets(p)).some((t) => t.includes('"Tiny"'))).toBe(true);
    await context.close();
  });
});

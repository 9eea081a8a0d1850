import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMING_MS } from '@shared/constants';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';
import { local } from '../support/local';

/** Issue 3: the host form shows 'Submitting...' (button disabled), then the success banner, then idle after 5 s. */

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage();
});
afterAll(async () => browser?.close());

describe('the host application form', () => {
  it('goes idle → submitting → success banner for 5 s → idle, and clears the form', async () => {
    await page.goto(local().web + '/#partner');
    const form = page.getByRole('form', { name: 'Host a station application' });
    await form.getByLabel('Business name').fill('Canggu Surf Cafe');
    await form.getByLabel('Contact name').fill('Made Test');
    await form.getByLabel('Email').fill('made@example.com');
    await form.getByLabel('Phone').fill('+62 812 3456 789');
    await form.getByLabel('Business address').fill('Jl. Pantai Batu Bolong 10, Canggu');
    expect(await form.getByLabel('Business type').locator('option').allInnerTexts()).toEqual([
      'Select business type', 'Cafe/Restaurant', 'Retail Store', 'Gym/Fitness Center', 'Hotel/Accommodation', 'Office Building', 'Community Center', 'Other',
    ]);
    expect(await form.getByLabel('Expected daily visitors').locator('option').allInnerTexts()).toEqual([
      'Select expected footfall', '50-100 daily visitors', '100-300 daily visitors', '300-500 daily visitors', '500+ daily visitors',
    ]);
    await form.getByLabel('Business type').selectOption('cafe');
    await form.getByLabel('Expected daily visitors').selectOption('100-300');
    expect(await form.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await form.getByLabel('Phone').getAttribute('type')).toBe('tel');
    expect(await form.getByLabel('Comments (optional)').getAttribute('required')).toBeNull();

    // Hold the request so that the submitting state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/host-requests', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const submitting = form.getByRole('button', { name: 'Submitting...' });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    release();

    await page.getByText('Application submitted successfully!').waitFor();
    const shownAt = Date.now();
    expect(await page.getByText("Thank you for your interest. We'll review your application and contact you within 24 hours.").count()).toBe(1);
    expect(await form.getByLabel('Business name').inputValue()).toBe('');
    expect(await form.getByLabel('Business type').inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Submit Application' }).isEnabled()).toBe(true);

    // Still there shortly before 5 s, gone (idle) after.
    await page.waitForTimeout(TIMING_MS.hostSuccessBanner - 1000 - (Date.now() - shownAt));
    expect(await page.getByText('Application submitted successfully!').count()).toBe(1);
    await page.getByText('Application submitted successfully!').waitFor({ state: 'detached', timeout: 4000 });
    const goneAfter = Date.now() - shownAt;
    expect(goneAfter).toBeGreaterThanOrEqual(TIMING_MS.hostSuccessBanner - 1000);
    expect(goneAfter).toBeLessThan(TIMING_MS.hostSuccessBanner + 2500);
    expect(await form.getAttribute('data-phase')).toBe('idle');
  });

  it('shows the failure banner when the request cannot reach the server', async () => {
    await page.goto(local().web + '/#partner');
    const form = page.getByRole('form', { name: 'Host a station application' });
    await form.getByLabel('Business name').fill('Offline Warung');
    await form.getByLabel('Contact name').fill('Ketut Test');
    await form.getByLabel('Email').fill('ketut@example.com');
    await form.getByLabel('Phone').fill('+62 811 000 111');
    await form.getByLabel('Business address').fill('Jl. Raya Ubud 1, Ubud');
    await form.getByLabel('Business type').selectOption('other');
    await form.getByLabel('Expected daily visitors').selectOption('50-100');
    await page.route('**/api/host-requests', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Submission failed').waitFor();
    expect(await page.getByText('There was an error submitting your application. Please try again.').count()).toBe(1);
    // Nothing typed is lost on failure.
    expect(await form.getByLabel('Business name').inputValue()).toBe('Offline Warung');
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas/machine';
import { bearer, signInAs } from '../support/auth';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';

/** Issue 15, item 4: a visitor reports a problem with a photo from the station finder on a phone. */

let browser: Browser;
let station: Machine;

/** A JPEG whose EXIF block names a GPS position (what a phone camera writes), so the stripped copy can be checked. */
function photoWithLocation(): Buffer {
  const segment = (marker: number, text: string) => {
    const bytes = Buffer.from(text, 'latin1');
    return Buffer.from([0xff, marker, (bytes.length + 2) >> 8, (bytes.length + 2) & 0xff, ...bytes]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe1, 'Exif\u0000\u0000MM\u0000*GPSLatitude -8.7 GPSLongitude 115.17'),
    segment(0xda, '\u0001\u0001\u0000\u0000?\u0000'),
    Buffer.from([0x55, 0x66, 0xff, 0xd9]),
  ]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const machines = (await apiFetch('/api/machines')).body as Machine[];
  // A station no other test reports on: the one whose name sorts first among those named after a beach.
  station = machines.filter((m) => !m.problemReported && /beach/i.test(m.name)).sort((a, b) => a.name.localeCompare(b.name))[0] ?? machines[0]!;
});
afterAll(async () => browser?.close());

async function finder(locale: string, language: 'en' | 'id'): Promise<Page> {
  const context = await newContext(browser, { ...PHONE, locale, extraHTTPHeaders: { 'cloudfront-viewer-address': `192.0.2.${language === 'en' ? 10 : 11}:443` } });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  const page = await context.newPage();
  await page.goto(local().web + '/stations');
  await page.getByPlaceholder(language === 'en' ? 'Search stations or locations...' : 'Cari stasiun atau lokasi...').fill(station.name);
  return page;
}

const card = (page: Page) => page.getByRole('article', { name: station.name });

describe('reporting a problem from the finder', () => {
  it('sends category, note and photo, then the card says the problem is being fixed, in English and Indonesian, until an admin resolves it', async () => {
    const page = await finder('en-US', 'en');
    await card(page).getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: `Report a problem at ${station.name}` });
    await form.getByLabel('What is wrong?').selectOption({ label: 'No water comes out' });
    await form.getByLabel('Details (optional)').fill('The tap only drips since this morning');
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'tap.jpg', mimeType: 'image/jpeg', buffer: photoWithLocation() });
    await form.getByRole('button', { name: 'Send report' }).click();
    await card(page).getByRole('status').getByText('Thank you! The team has your report and will fix it.').waitFor();
    await card(page).getByTestId('problem-reported').getByText('Problem reported, being fixed').waitFor();

    // The admin sees the ticket with its photo, stripped of the location.
    const admin = await signInAs('admin');
    const open = (await apiFetch('/api/admin/reports', { headers: bearer(admin.token) })).body as { id: string; stationId: string; note: string; category: string; photo: unknown }[];
    const report = open.find((r) => r.stationId === station.id && r.note === 'The tap only drips since this morning')!;
    expect(report).toMatchObject({ category: 'no-water', photo: { contentType: 'image/jpeg' } });
    const photo = (await apiFetch(`/api/admin/reports/${report.id}/photo`, { headers: bearer(admin.token) })).body as { dataUrl: string };
    const cleaned = Buffer.from(photo.dataUrl.split(',')[1]!, 'base64');
    expect(cleaned.includes('GPS')).toBe(false);
    expect(cleaned.includes(Buffer.from([0x55, 0x66, 0xff, 0xd9]))).toBe(true);

    const indonesian = await finder('id-ID', 'id');
    await card(indonesian).getByTestId('problem-reported').getByText('Masalah dilaporkan, sedang diperbaiki').waitFor();
    await card(indonesian).getByRole('button', { name: 'Laporkan masalah' }).waitFor();

    expect((await apiFetch(`/api/admin/reports/${report.id}/resolve`, { method: 'POST', headers: bearer(admin.token) })).status).toBe(200);
    await page.reload();
    await page.getByPlaceholder('Search stations or locations...').fill(station.name);
    await card(page).getByRole('button', { name: 'Report a problem' }).waitFor();
    expect(await card(page).getByTestId('problem-reported').count()).toBe(0);
  });
});

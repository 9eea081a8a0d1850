import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '@shared/money';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin, repositories } from '../support/admin';
import { adminSignInInBrowser, newAccount } from '../support/auth';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../support/browser';
import { apiFetch, local } from '../support/local';
import { emailedCode, waitForEmail } from '../support/outbox';
import { closeStations, guestStation, waitFor, workerServices, type Provisioned } from '../integration/stations-support';

/**
 * Issue 15, items 1 and 7: a guest scans a simulated station's sticker, pays 1.5 L by QRIS in the sandbox on a
 * phone, the station dispenses 1,234 ml, and the receipt shows the exact litres, the price and the refund, in
 * English and Indonesian; the receipt e-mail reaches the local outbox.
 */

/** Where to save screenshots of the receipt's new parts when set (GUEST_SHOTS=/tmp/shots). */
const SHOTS = process.env.GUEST_SHOTS;

let browser: Browser;
let real: Provisioned;
let station: SimStation;
let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  browser = await launchBrowser();
  // The station keeps reporting, as a real one does every heartbeat interval.
  ({ real, station, stop: stopStation } = await guestStation('Pantai Guest Station', 1234));
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
  await browser?.close();
});

async function phone(language: 'en' | 'id', device: typeof PHONE | typeof DESKTOP = PHONE): Promise<Page> {
  const context = await newContext(browser, {
    ...device, locale: language === 'en' ? 'en-US' : 'id-ID',
    extraHTTPHeaders: { 'cloudfront-viewer-address': `192.0.2.${language === 'en' ? 40 : 41}:443` },
  });
  await context.addInitScript((lang) => localStorage.setItem('bali-refill.language', lang), language);
  return context.newPage();
}

describe('scan, pay, refill without an account', () => {
  it('pays 1.5 L by QRIS, the station dispenses 1,234 ml, the receipt shows 1.234 L, the price and the refund', async () => {
    const email = `tourist-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const page = await phone('en');
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByRole('heading', { name: 'Refill at Pantai Guest Station' }).waitFor();
    await page.getByText('Online').first().waitFor();
    await page.getByRole('radio', { name: /^1\.5 L / }).check();
    await page.getByRole('radio', { name: /QRIS/ }).check();
    await page.getByLabel('E-mail for the receipt (optional)').fill(email);
    // Readable in the sun: the order form passes WCAG 2.2 AA on the phone, as the receipt below.
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Pay ${formatRupiah(1500)}` }).click();

    // The sandbox settles the QRIS payment; the station is started, the guest presses start, and it reports 1,234 ml.
    const progress = page.getByTestId('guest-progress');
    await progress.waitFor();
    // The form the guest scrolled down is replaced: the progress is brought into view, below the sticky header.
    await expect.poll(() => progress.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(40);
    expect(await progress.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    await page.locator('[data-testid="guest-progress"][data-status="done"]').waitFor({ timeout: 30_000 });
    await progress.getByText('Done, thank you!').waitFor();
    expect(station.remoteStarts).toContainEqual(expect.objectContaining({ outcome: 'completed', volumeMl: 1234 }));

    await progress.getByRole('link', { name: 'See your receipt' }).click();
    await page.waitForURL(/\/r\/GO-/);
    const receipt = page.getByTestId('guest-receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('receipt-litres').innerText()).toBe('1.234 L of 1.500 L');
    expect(await receipt.getByTestId('receipt-charged').innerText()).toBe(formatRupiah(1234));
    expect(await receipt.getByTestId('receipt-refund').innerText()).toBe(formatRupiah(266));
    expect(formatRupiah(1234)).toBe('Rp 1.234');
    await page.getByRole('link', { name: 'Create a free account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const mail = await waitForEmail(local().mail.messages, email, { timeoutMs: 20_000 });
    expect(mail.subject).toContain('1.234 L');
    expect(mail.text).toContain(`Charged: ${formatRupiah(1234)}`);
    expect(mail.text).toContain(`Refunded: ${formatRupiah(266)}`);
    // The e-mail's link opens the receipt on another device (its own secret: the page's is only in the guest's browser).
    const link = /Your receipt: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link?.startsWith(`${local().web}/r/GO-`), link).toBe(true);
    expect(link).not.toBe(page.url());
    const elsewhere = await phone('en', DESKTOP);
    await elsewhere.goto(link!);
    expect(await elsewhere.getByTestId('guest-receipt').getByTestId('receipt-litres').innerText()).toContain('1.234 L');
    const forged = await phone('en');
    await forged.goto(`${link!.slice(0, -4)}AAAA`);
    await forged.getByRole('alert').getByText('This receipt does not exist or its link is incomplete.').waitFor();

    // The same receipt in Bahasa Indonesia.
    const receiptUrl = page.url();
    const indonesian = await phone('id');
    await indonesian.goto(receiptUrl);
    const struk = indonesian.getByTestId('guest-receipt');
    await indonesian.getByRole('heading', { name: 'Struk isi ulang Anda' }).waitFor();
    expect(await struk.getByTestId('receipt-litres').innerText()).toBe('1,234 L dari 1,500 L');
    expect(await struk.getByTestId('receipt-refund').innerText()).toBe(formatRupiah(266));
    await struk.getByText('Pengembalian dana').waitFor();
    // Nothing sideways on a 390 px phone.
    expect(await indonesian.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  it('a refund the gateway refuses: the receipt says so, the guest signs in from it and gets the money as wallet credit', async () => {
    // Rp 1,027 ends in 27: the sandbox refuses every refund of it. 800 ml dispensed leaves Rp 227 to refund.
    station.remoteStart = { volumeMl: 800, flowMlPerSecond: Infinity };
    const account = await newAccount('receipt');
    try {
      const res = await apiFetch('/api/guest/orders', {
        method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': '192.0.2.42:443' },
        json: { stationId: real.machine.id, volumeMl: 1027, paymentMethod: 'qris' },
      });
      expect(res.status, res.text).toBe(201);
      const page = await phone('en');
      await page.goto(`${local().web}${res.body.receiptPath}`);
      const notice = page.getByTestId('refund-refused');
      await notice.waitFor({ timeout: 30_000 });
      await notice.getByText('Your change could not be refunded automatically').waitFor();
      await notice.getByText(`The payment service would not refund ${formatRupiah(227)}`, { exact: false }).waitFor();
      expect(await page.getByTestId('receipt-refund').innerText()).toBe(formatRupiah(0));
      await page.getByRole('link', { name: `Create an account to get ${formatRupiah(227)} as wallet credit` }).waitFor();
      await page.getByRole('heading', { name: 'Something wrong with this refill?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-refused-phone.png`, fullPage: true });

      // Signing in from the receipt comes back to it and keeps it: the money as wallet credit, the litres as impact.
      await page.getByRole('link', { name: 'I have an account: sign in' }).click();
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('E-mail').fill(account.email);
      await form.getByLabel('Password', { exact: true }).fill(account.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === res.body.receiptPath);
      await page.getByTestId('receipt-kept').getByText(`Kept in your account: ${formatRupiah(227)} added to your wallet and 0.800 L to your impact.`).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-kept-phone.png`, fullPage: true });
      const user = await repositories().users.get(account.sub);
      expect(user).toMatchObject({ balance: 227, dispensedMl: 800 });
      // Reloading does not credit twice.
      await page.reload();
      await page.getByTestId('receipt-kept').waitFor();
      expect((await repositories().users.get(account.sub))?.balance).toBe(227);

      // The claim form on the receipt, in Bahasa Indonesia, at desktop width.
      const desktop = await phone('id', DESKTOP);
      await desktop.goto(`${local().web}${res.body.receiptPath}`);
      await desktop.getByRole('heading', { name: 'Ada masalah dengan isi ulang ini?' }).waitFor();
      await desktop.getByRole('button', { name: 'Laporkan masalah pada isi ulang ini' }).click();
      await desktop.getByRole('radio', { name: 'Air lebih sedikit dari yang ditagih' }).check();
      const contact = `claimer-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await desktop.getByLabel('E-mail atau nomor WhatsApp Anda').fill(contact);
      expect(await axeViolations(desktop)).toEqual([]);
      if (SHOTS) await desktop.screenshot({ path: `${SHOTS}/receipt-claim-desktop-id.png`, fullPage: true });
      await desktop.getByRole('button', { name: 'Kirim' }).click();
      await desktop.getByTestId('guest-claim-received').getByText(`menjawab Anda di ${contact}`, { exact: false }).waitFor();
      expect((await waitForEmail(local().mail.messages, contact)).subject).toBe('Klaim isi ulang Anda kami terima');
      if (SHOTS) await desktop.screenshot({ path: `${SHOTS}/receipt-claim-sent-desktop-id.png`, fullPage: true });
      const claims = await (await workerServices()).claims.get(`GUEST-${res.body.id}`, `PAID-${res.body.id}`);
      expect(claims).toMatchObject({ status: 'pending', kind: 'dispensed_less', contact: { email: contact } });
    } finally {
      station.remoteStart = { volumeMl: 1234, flowMlPerSecond: Infinity };
    }
  });

  it('signing up from a receipt (with the code e-mailed) comes back to it and keeps it: the held money as wallet credit', async () => {
    station.remoteStart = { volumeMl: 800, flowMlPerSecond: Infinity };
    let receiptPath: string;
    try {
      const res = await apiFetch('/api/guest/orders', {
        method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': '192.0.2.44:443' },
        json: { stationId: real.machine.id, volumeMl: 1027, paymentMethod: 'qris' },
      });
      expect(res.status, res.text).toBe(201);
      receiptPath = res.body.receiptPath;
      const read = () => apiFetch(`/api/guest/orders/${res.body.id}?secret=${encodeURIComponent(res.body.secret)}`);
      await waitFor(read, (r) => r.body.status === 'done' && r.body.heldIdr === 227, 30_000, 300);
    } finally {
      station.remoteStart = { volumeMl: 1234, flowMlPerSecond: Infinity };
    }
    const email = `receipt-signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const page = await phone('en');
    await page.goto(`${local().web}${receiptPath}`);
    await page.getByRole('link', { name: `Create an account to get ${formatRupiah(227)} as wallet credit` }).click();
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('First name').fill('Wayan');
    await form.getByLabel('Last name').fill('Sari');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Receipt-Signup-2025!');
    await form.getByRole('button', { name: 'Create account' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm your e-mail' });
    await confirm.getByLabel('Confirmation code').fill((await emailedCode(local().mail.messages, email)).code);
    await confirm.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.waitForURL((url) => url.pathname === receiptPath);
    await page.getByTestId('receipt-kept').getByText(`Kept in your account: ${formatRupiah(227)} added to your wallet and 0.800 L to your impact.`).waitFor();
    const found = await asAdmin(`/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(found.body.items).toHaveLength(1);
    expect(await repositories().users.get(found.body.items[0].id)).toMatchObject({ email, balance: 227, dispensedMl: 800 });
  });

  it('the admin sees a held guest refund next to the payout requests and records it paid out once', async () => {
    station.remoteStart = { volumeMl: 800, flowMlPerSecond: Infinity };
    let orderId: string;
    try {
      const res = await apiFetch('/api/guest/orders', {
        method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': '192.0.2.43:443' },
        json: { stationId: real.machine.id, volumeMl: 1027, paymentMethod: 'qris', email: 'held.guest@example.com' },
      });
      expect(res.status, res.text).toBe(201);
      orderId = res.body.id;
      const read = () => apiFetch(`/api/guest/orders/${orderId}?secret=${encodeURIComponent(res.body.secret)}`);
      await waitFor(read, (r) => r.body.status === 'done' && r.body.heldIdr === 227, 30_000, 300);
    } finally {
      station.remoteStart = { volumeMl: 1234, flowMlPerSecond: Infinity };
    }
    const page = await phone('en', DESKTOP);
    await adminSignInInBrowser(page);
    await page.goto(`${local().web}/admin?tab=transactions`);
    const panel = page.getByRole('region', { name: 'Guest refunds the gateway refused' });
    const row = panel.getByTestId('held-guest-refund').filter({ hasText: orderId });
    await row.waitFor();
    expect(await row.innerText()).toContain(formatRupiah(227));
    await row.getByText('The refund window of this payment method has passed').waitFor();
    expect(await axeViolations(page, 'section[aria-labelledby="guest-refunds-title"]')).toEqual([]);
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/admin-held-guest-refunds.png` });
    await row.getByLabel('Note (transfer reference, or why)').fill('Sent by bank transfer, ref 77');
    await row.getByRole('button', { name: 'Record as paid out' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await repositories().users.get(`GUEST-${orderId}`))?.balance).toBe(0);
  });

  it('on an iPhone: Apple Pay is offered, its merchant is validated without an account, and the refill is paid by its token', async () => {
    const page = await phone('en');
    // Safari's Payment Request API with Apple Pay, as far as the page sees it: it asks the page to validate the
    // merchant (the page calls the public route), then hands over the payment token.
    await page.addInitScript(() => {
      const log: { validated?: unknown } = {};
      (window as unknown as { applePayLog: typeof log }).applePayLog = log;
      class ApplePayRequest extends EventTarget {
        constructor(private readonly methods: { supportedMethods: string }[]) {
          super();
        }
        async canMakePayment() {
          return this.methods.some((m) => m.supportedMethods === 'https://apple.com/apple-pay');
        }
        async abort() {}
        async show() {
          const event = Object.assign(new Event('merchantvalidation'), {
            validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
            complete: (session: Promise<unknown>) => { log.validated = session; },
          });
          this.dispatchEvent(event);
          log.validated = await log.validated;
          return { details: { token: { paymentData: { version: 'EC_v1', data: 'sandbox' } } }, complete: async () => undefined };
        }
      }
      Object.defineProperty(window, 'PaymentRequest', { value: ApplePayRequest });
    });
    await page.goto(`${local().web}/s/${real.machine.id}`);
    await page.getByRole('radio', { name: /^1 L / }).check();
    await page.getByRole('radio', { name: 'Apple Pay' }).check();
    await page.getByRole('radio', { name: 'Google Pay' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Pay ${formatRupiah(1000)}` }).click();
    await page.locator('[data-testid="guest-progress"][data-status="done"]').waitFor({ timeout: 30_000 });
    const session = await page.evaluate(() => (window as unknown as { applePayLog: { validated?: Record<string, unknown> } }).applePayLog.validated);
    expect(session).toMatchObject({ merchantSessionIdentifier: expect.stringMatching(/^SSH/), domainName: new URL(local().web!).hostname });
    const receiptId = await page.evaluate((id) => sessionStorage.getItem(`bali-refill.guest-order.${id}`), real.machine.id);
    const [orderId, secret] = receiptId!.split('~');
    const order = await apiFetch(`/api/guest/orders/${orderId}?secret=${encodeURIComponent(secret!)}`);
    expect(order.body).toMatchObject({ paymentMethod: 'apple_pay', paidIdr: 1000, dispensedMl: 1000, chargedIdr: 1000 });
  });

  it("a refill the station could not start: the receipt says why in the page's language (Bahasa Indonesia)", async () => {
    const { machines } = await workerServices();
    const res = await apiFetch('/api/guest/orders', {
      method: 'POST', json: { stationId: real.machine.id, volumeMl: 500, paymentMethod: 'qris' },
      headers: { 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': '192.0.2.42:443' },
    });
    expect(res.status, res.text).toBe(201);
    // Between the order and the payment (the sandbox settles 0.4 s after the charge) the station goes into maintenance.
    await machines.update(real.machine.id, { status: 'maintenance' });
    try {
      await waitFor(() => apiFetch(`/api/guest/orders/${res.body.id}?secret=${encodeURIComponent(res.body.secret)}`), (r) => r.body.status === 'done', 20_000, 200);
    } finally {
      await machines.update(real.machine.id, { status: 'online' });
    }
    const page = await phone('id');
    await page.goto(`${local().web}${res.body.receiptPath}`);
    await page.getByTestId('guest-receipt').waitFor();
    await page.getByText('Stasiun tidak dapat dimulai, jadi pembayaran Anda sebesar Rp 500 dikembalikan seluruhnya.').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('The station could not be started');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/server-i18n-guest-receipt-id.png`, fullPage: true });

    const english = await phone('en');
    await english.goto(`${local().web}${res.body.receiptPath}`);
    await english.getByText('The station could not be started, so your payment of Rp 500 is refunded in full.').waitFor();
  });

  it('a receipt link without its secret shows no order', async () => {
    const page = await phone('en');
    await page.goto(`${local().web}/r/GO-${'0'.repeat(32)}~not-the-secret-at-all-0000`);
    await page.getByRole('alert').getByText('This receipt does not exist or its link is incomplete.').waitFor();
  });
});

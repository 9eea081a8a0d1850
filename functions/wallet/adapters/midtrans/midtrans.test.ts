import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GatewayRejected, GatewayUnavailable, SignatureRejected, type ChargeRequest } from '../../ports/payment-gateway';
import { MidtransGateway } from './gateway';
import { chargeBody, mapStatus, parseChargeResponse, parseMidtransTime, parseStatusResponse, signatureKey, verifyNotificationBody } from './protocol';

const FIXTURES = resolve(import.meta.dirname, '../../../../test/fixtures/midtrans');
const fixture = (name: string) => JSON.parse(readFileSync(resolve(FIXTURES, name), 'utf8')) as Record<string, unknown>;
/** The key the recorded notifications are signed with (test/fixtures/midtrans/README.md). */
const KEY = 'SB-Mid-server-FIXTURE-not-a-real-key';

const gopayTopup: ChargeRequest = {
  orderId: 'TU-5f1c0e8e2b6a4d4c9a0b7e3f1d2c6b8a',
  amount: 50_000,
  method: 'gopay',
  customer: { id: 'sub-1', firstName: 'Wayan', lastName: 'Sudirta', email: 'wayan@bali-refill.test' },
  itemName: 'Wallet top-up',
};

describe('Midtrans notification signature', () => {
  it('is SHA-512 of order_id + status_code + gross_amount + server key (Midtrans documentation example, hashed with openssl)', () => {
    expect(signatureKey('1111', '200', '100000.00', 'askvnoibnosifnboseofinbofinfgbiufglnbfg')).toBe(
      'edc076b21793ebe3e17926350f5b8ae67d902fe657b3d0aa31b932d5c127e2375d308a2bc94f3265ac2d80a1f181a79b997ac178a236fcff35af263fc4d4c231',
    );
  });

  it('accepts every recorded notification signed with the server key', () => {
    for (const name of ['pending', 'settlement', 'expire', 'deny', 'cancel', 'capture-accept', 'capture-challenge', 'refund-partial']) {
      expect(() => verifyNotificationBody(fixture(`notification-${name}.json`), KEY), name).not.toThrow();
    }
  });

  it('rejects a body signed with another key', () => {
    expect(() => verifyNotificationBody(fixture('notification-settlement.json'), 'SB-Mid-server-someone-else')).toThrow(SignatureRejected);
  });

  it.each([
    ['gross_amount raised', { gross_amount: '5000000.00' }],
    ['order_id swapped', { order_id: 'TU-00000000000000000000000000000000' }],
    ['status_code changed', { status_code: '201' }],
    ['signature upper-cased and truncated', { signature_key: 'ABC' }],
    ['signature missing', { signature_key: undefined }],
  ])('rejects a forged body: %s', (_name, change) => {
    const body = { ...fixture('notification-settlement.json'), ...change };
    expect(() => verifyNotificationBody(body, KEY)).toThrow(SignatureRejected);
  });

  it('rejects bodies that are not objects', () => {
    for (const body of [null, 'settlement', [], 42]) expect(() => verifyNotificationBody(body, KEY)).toThrow(SignatureRejected);
  });

  it('accepts the signature in upper case (hex is case-insensitive)', () => {
    const body = fixture('notification-settlement.json');
    expect(verifyNotificationBody({ ...body, signature_key: String(body.signature_key).toUpperCase() }, KEY).outcome).toBe('settled');
  });
});

describe('Midtrans status mapping', () => {
  it.each([
    ['pending', null, 'pending'],
    ['authorize', null, 'pending'],
    ['settlement', null, 'settled'],
    ['capture', 'accept', 'settled'],
    ['capture', 'challenge', 'pending'],
    ['capture', 'deny', 'failed'],
    ['deny', 'deny', 'failed'],
    ['cancel', null, 'failed'],
    ['failure', null, 'failed'],
    ['expire', null, 'expired'],
    ['refund', null, 'refunded'],
    ['partial_refund', null, 'refunded'],
    ['chargeback', null, 'refunded'],
    ['something_new', null, 'pending'],
  ] as const)('%s (fraud %s) -> %s', (status, fraud, outcome) => {
    expect(mapStatus(status, fraud)).toBe(outcome);
  });

  it('normalises recorded notifications', () => {
    expect(verifyNotificationBody(fixture('notification-settlement.json'), KEY)).toEqual({
      orderId: 'TU-5f1c0e8e2b6a4d4c9a0b7e3f1d2c6b8a',
      transactionId: '231c79c5-e39e-4993-86da-cadcaee56c1d',
      outcome: 'settled',
      gatewayStatus: 'settlement',
      fraudStatus: 'accept',
      paymentType: 'gopay',
      grossAmount: 50_000,
      refundAmount: null,
      refundKey: null,
      refunds: [],
      message: null,
    });
    expect(verifyNotificationBody(fixture('notification-capture-challenge.json'), KEY)).toMatchObject({ outcome: 'pending', gatewayStatus: 'capture', fraudStatus: 'challenge', grossAmount: 1500 });
    expect(verifyNotificationBody(fixture('notification-deny.json'), KEY)).toMatchObject({ outcome: 'failed', message: 'Transaction is denied' });
    // Midtrans sends one generic status_message with every notification: it is not a reason to show.
    const generic = { ...(fixture('notification-deny.json') as Record<string, unknown>), status_message: 'midtrans payment notification' };
    expect(verifyNotificationBody(generic, KEY)).toMatchObject({ outcome: 'failed', message: null });
    expect(verifyNotificationBody(fixture('notification-expire.json'), KEY)).toMatchObject({ outcome: 'expired', gatewayStatus: 'expire' });
    expect(verifyNotificationBody(fixture('notification-refund-partial.json'), KEY)).toMatchObject({
      outcome: 'refunded', refundAmount: 20_000, refundKey: 'refund-TU-5f1c-1', refunds: [{ key: 'refund-TU-5f1c-1', amount: 20_000 }],
    });
  });

  it('refuses a signed body whose status_code does not go with its transaction_status (a pending rewritten to settlement)', () => {
    const pending = fixture('notification-pending.json') as Record<string, unknown>;
    expect(verifyNotificationBody(pending, KEY)).toMatchObject({ outcome: 'pending' });
    for (const status of ['settlement', 'capture', 'refund', 'cancel']) {
      expect(() => verifyNotificationBody({ ...pending, transaction_status: status }, KEY)).toThrow(SignatureRejected);
    }
    const settlement = fixture('notification-settlement.json') as Record<string, unknown>;
    expect(() => verifyNotificationBody({ ...settlement, transaction_status: 'made_up' }, KEY)).toThrow(/does not match/);
    expect(() => verifyNotificationBody({ ...settlement, transaction_status: undefined }, KEY)).toThrow(SignatureRejected);
    // The status_code is signed: changing it too breaks the signature.
    expect(() => verifyNotificationBody({ ...pending, transaction_status: 'settlement', status_code: '200' }, KEY)).toThrow('Invalid signature');
  });

  it('reads Midtrans times as Jakarta time', () => {
    expect(parseMidtransTime('2025-11-21 20:30:00')).toBe('2025-11-21T13:30:00.000Z');
    expect(parseMidtransTime('tomorrow')).toBeNull();
  });
});

describe('Midtrans charge', () => {
  it('builds the recorded GoPay request body', () => {
    expect(chargeBody(gopayTopup)).toEqual(fixture('charge-gopay.request.json'));
  });

  it('builds the recorded QRIS request body; OVO is charged as QRIS (its app pays any QRIS code)', () => {
    const qris: ChargeRequest = { orderId: 'TU-0a9b8c7d6e5f40312233445566778899', amount: 25_000, method: 'qris', customer: { id: 's', firstName: 'Wayan', lastName: null, email: 'wayan@bali-refill.test' }, itemName: 'Wallet top-up' };
    expect(chargeBody(qris)).toEqual(fixture('charge-qris.request.json'));
    expect(chargeBody({ ...qris, method: 'ovo' })).toEqual(fixture('charge-qris.request.json'));
  });

  it("asks GoPay to bring the payer back to the order's web page when one is given, never an app scheme", () => {
    const returnUrl = 'https://refill.example/wallet?topup=TU-5f1c0e8e2b6a4d4c9a0b7e3f1d2c6b8a';
    expect(chargeBody({ ...gopayTopup, returnUrl }).gopay).toEqual({ enable_callback: true, callback_url: returnUrl });
    expect(chargeBody({ ...gopayTopup, method: 'qris', returnUrl })).not.toHaveProperty('gopay');
  });

  it('refuses card wallets rather than sending them as something else', () => {
    expect(() => chargeBody({ ...gopayTopup, method: 'google_pay', walletToken: 't' })).toThrow(GatewayRejected);
    expect(() => chargeBody({ ...gopayTopup, method: 'apple_pay', walletToken: 't' })).toThrow(/Apple Pay is not enabled/);
  });

  it('reads the recorded GoPay answer: pending, QR image for desktop, deeplink for phones, expiry', () => {
    expect(parseChargeResponse(200, fixture('charge-gopay.response.json'), 'gopay')).toEqual({
      transactionId: '231c79c5-e39e-4993-86da-cadcaee56c1d',
      outcome: 'pending',
      gatewayStatus: 'pending',
      qrString: null,
      qrImageUrl: 'https://api.sandbox.midtrans.com/v2/gopay/231c79c5-e39e-4993-86da-cadcaee56c1d/qr-code',
      deeplink: 'https://simulator.sandbox.midtrans.com/gopay/partner/app/payment-pin?id=9c1f1b0e-4a1e-4b0b-8c55-1f7b4b8f2b17',
      redirectUrl: null,
      expiresAt: '2025-11-21T13:30:00.000Z',
      message: null,
    });
  });

  it('reads the recorded QRIS answer: the QR string to render', () => {
    const result = parseChargeResponse(200, fixture('charge-qris.response.json'), 'qris');
    expect(result).toMatchObject({ outcome: 'pending', qrImageUrl: null, deeplink: null });
    expect(result.qrString).toMatch(/^000201/);
  });

  it('turns Midtrans errors into rejections (4xx) or unavailability (5xx)', () => {
    expect(() => parseChargeResponse(200, fixture('charge-duplicate-order.response.json'), 'gopay')).toThrow(GatewayRejected);
    expect(() => parseChargeResponse(400, fixture('charge-validation-error.response.json'), 'gopay')).toThrow(/invalid/);
    expect(() => parseChargeResponse(503, { status_code: '503', status_message: 'down' }, 'gopay')).toThrow(GatewayUnavailable);
  });

  it('reads status answers: known orders as reports (expire comes with status_code 407), unknown ones as null', () => {
    expect(parseStatusResponse(200, fixture('status-settlement.response.json'))).toMatchObject({ outcome: 'settled', grossAmount: 50_000 });
    expect(parseStatusResponse(200, fixture('status-expire.response.json'))).toMatchObject({ outcome: 'expired' });
    expect(parseStatusResponse(404, fixture('status-not-found.response.json'))).toBeNull();
    // A refunded order's status lists every refund with its key: what the webhook confirms refund notifications against.
    expect(parseStatusResponse(200, fixture('status-partial-refund.response.json'))).toMatchObject({
      outcome: 'refunded', gatewayStatus: 'partial_refund', grossAmount: 50_000,
      refunds: [{ key: 'refund-TU-5f1c-1', amount: 20_000 }, { key: 'refund-TU-5f1c-2', amount: 10_000 }],
    });
  });
});

describe('MidtransGateway over HTTP (recorded exchange)', () => {
  const recorder = (answers: Record<string, { status: number; body: unknown }>) => {
    const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
    const fake = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url];
      if (!answer) throw new TypeError('fetch failed');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return { calls, fake };
  };

  it('creates a Snap transaction for a card: the card only, 3-D Secure, the return as its finish; the payer goes to its redirect_url', async () => {
    const snap = 'https://app.sandbox.midtrans.com/snap/v1/transactions';
    const redirect = 'https://app.sandbox.midtrans.com/snap/v4/redirection/66e4fa55-fdac-4ef9-91b5-733b97d1b862';
    const { calls, fake } = recorder({ [snap]: { status: 201, body: { token: '66e4fa55-fdac-4ef9-91b5-733b97d1b862', redirect_url: redirect } } });
    const gateway = new MidtransGateway({ serverKey: KEY, production: false, notificationUrl: 'https://refill.example/api/payments/notification', fetch: fake });
    const card: ChargeRequest = { orderId: 'GO-card-1', amount: 1_500, method: 'card', customer: { id: 'guest', email: null, firstName: null, lastName: null }, itemName: 'Refill', returnUrl: 'https://refill.example/s/HRL-00001?returned=1' };
    // Nothing is paid by creating it: pending until the notification says otherwise.
    expect(await gateway.charge(card)).toMatchObject({ outcome: 'pending', redirectUrl: redirect, qrString: null, deeplink: null, transactionId: null });
    expect(calls[0]).toMatchObject({
      url: snap, method: 'POST',
      body: {
        transaction_details: { order_id: 'GO-card-1', gross_amount: 1_500 }, enabled_payments: ['credit_card'], credit_card: { secure: true },
        callbacks: { finish: 'https://refill.example/s/HRL-00001?returned=1' }, item_details: [{ id: 'refill', price: 1_500, quantity: 1, name: 'Refill' }],
      },
    });
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    // A production key goes to production's Snap; a refusal says why, an outage is unavailable.
    const live = recorder({ 'https://app.midtrans.com/snap/v1/transactions': { status: 400, body: { error_messages: ['transaction_details.order_id has already been taken'] } } });
    await expect(new MidtransGateway({ serverKey: 'Mid-server-live', production: true, fetch: live.fake }).charge(card)).rejects.toMatchObject({ name: 'GatewayRejected', message: 'transaction_details.order_id has already been taken', statusCode: '400' });
    const down = recorder({ [snap]: { status: 503, body: {} } });
    await expect(new MidtransGateway({ serverKey: KEY, production: false, fetch: down.fake }).charge(card)).rejects.toBeInstanceOf(GatewayUnavailable);
    // A card is never sent to the Core API's charge.
    expect(() => chargeBody(card)).toThrow(GatewayRejected);
  });

  it('posts the charge to the sandbox API with the server key as Basic auth and the notification URL override', async () => {
    const { calls, fake } = recorder({ 'https://api.sandbox.midtrans.com/v2/charge': { status: 201, body: fixture('charge-gopay.response.json') } });
    const gateway = new MidtransGateway({ serverKey: KEY, production: false, notificationUrl: 'https://refill.example/api/payments/notification', fetch: fake });
    const result = await gateway.charge(gopayTopup);
    expect(result.outcome).toBe('pending');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: fixture('charge-gopay.request.json') });
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    expect(calls[0]!.headers['x-override-notification']).toBe('https://refill.example/api/payments/notification');
  });

  it('uses api.midtrans.com for production keys and asks the status of an order', async () => {
    const { calls, fake } = recorder({ 'https://api.midtrans.com/v2/TU-5f1c0e8e2b6a4d4c9a0b7e3f1d2c6b8a/status': { status: 200, body: fixture('status-settlement.response.json') } });
    const gateway = new MidtransGateway({ serverKey: 'Mid-server-production', production: true, fetch: fake });
    const report = await gateway.status({ orderId: 'TU-5f1c0e8e2b6a4d4c9a0b7e3f1d2c6b8a', amount: 50_000, method: 'gopay', createdAt: '2025-11-21T13:15:00.000Z' });
    expect(report?.outcome).toBe('settled');
    expect(calls[0]!.method).toBe('GET');
  });

  it('refunds through the direct refund API with the refund key; a used key is answered from the order status', async () => {
    const order = { orderId: 'GO-0123456789abcdef0123456789abcdef', amount: 1500, method: 'qris' as const, createdAt: '2026-11-23T10:00:00.000Z' };
    const refundUrl = `https://api.sandbox.midtrans.com/v2/${order.orderId}/refund/online/direct`;
    const approved = { status_code: '200', status_message: 'Success, refund request is approved', order_id: order.orderId, refund_key: `${order.orderId}-unused`, refund_amount: '266.00', transaction_status: 'partial_refund' };
    const { calls, fake } = recorder({ [refundUrl]: { status: 200, body: approved } });
    const gateway = new MidtransGateway({ serverKey: KEY, production: false, fetch: fake });
    const request = { order, amount: 266, key: `${order.orderId}-unused`, reason: 'Refill of 1234 ml of 1500 ml paid' };
    expect(await gateway.refund(request)).toEqual({ key: `${order.orderId}-unused`, amount: 266 });
    expect(calls[0]).toMatchObject({ method: 'POST', url: refundUrl, body: { refund_key: `${order.orderId}-unused`, amount: 266, reason: 'Refill of 1234 ml of 1500 ml paid' } });

    // Asked again after a lost answer: Midtrans refuses the used key; the status lists the refund it made.
    const statusUrl = `https://api.sandbox.midtrans.com/v2/${order.orderId}/status`;
    const listed = { status_code: '200', transaction_status: 'partial_refund', order_id: order.orderId, gross_amount: '1500.00', refunds: [{ refund_chargeback_id: 1, refund_amount: '266.00', refund_key: `${order.orderId}-unused` }] };
    const again = recorder({ [refundUrl]: { status: 200, body: { status_code: '412', status_message: 'Refund key already used' } }, [statusUrl]: { status: 200, body: listed } });
    expect(await new MidtransGateway({ serverKey: KEY, production: false, fetch: again.fake }).refund(request)).toEqual({ key: `${order.orderId}-unused`, amount: 266 });
    const refused = recorder({ [refundUrl]: { status: 200, body: { status_code: '412', status_message: 'Refund window passed' } }, [statusUrl]: { status: 200, body: { ...listed, refunds: [] } } });
    await expect(new MidtransGateway({ serverKey: KEY, production: false, fetch: refused.fake }).refund(request)).rejects.toBeInstanceOf(GatewayRejected);
  });

  it('reports an unreachable gateway as unavailable (the charge may exist: ask its status later)', async () => {
    const { fake } = recorder({});
    const gateway = new MidtransGateway({ serverKey: KEY, production: false, fetch: fake });
    await expect(gateway.charge(gopayTopup)).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('verifies webhooks with its own server key', async () => {
    const gateway = new MidtransGateway({ serverKey: KEY, production: false });
    await expect(gateway.verifyNotification(fixture('notification-settlement.json'))).resolves.toMatchObject({ outcome: 'settled' });
    await expect(new MidtransGateway({ serverKey: 'other', production: false }).verifyNotification(fixture('notification-settlement.json'))).rejects.toBeInstanceOf(SignatureRejected);
  });
});

import { isDeepStrictEqual } from 'node:util';
import { receiptSecretFor } from '@functions/guests/domain/guest-orders';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { orderIdFor } from '@functions/wallet/domain/payment-orders';
import { paidSessionId } from '@functions/vending/domain/vend-paid';
import { guestRefundKeys, refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { stationTopics } from '@functions/vending/ports/station-messages';
import { baliDate } from '@shared/bali-time';
import { openApiDocument } from '@shared/openapi';
import { STATION_LIST_TILE_THRESHOLD } from '@shared/station-tiles';
import { newKey, type Driver, type HttpCase, type Scenario, type TopicCase } from './drive';
import { totpCode } from '../local/totp';

/**
 * How the parity suite drives every function of the template: one entry per function, keyed by its construct path
 * without the stack (`Api/<route id>`, `Stations/<function>`, `Setup`, aws-cdk-lib's providers), run in this order
 * (later entries use what earlier ones created). HTTP drivers give each route's success path and its main failure,
 * and the suite adds the first request once more without CloudFront's origin header (which every function must
 * refuse with 403). Topic drivers give the station's message; the suite turns it into the event the template's topic
 * rule SQL produces. With the default context, payments are live without a gateway key: the first top-up must answer
 * 503 "Payments are not configured"; then the scenario puts a server key into the payment secret, as the operator
 * does, and every payment path runs against a stand-in of Midtrans (midtrans.ts): the payer scans (pay), Midtrans
 * notifies (notify), time passes (an order's createdAt moved back), DynamoDB fails a moment (notifyWhileDynamoFails).
 *
 * A function of the template without an entry here, or an entry without a function, fails the suite.
 */

/** Every admin route's main failure: a signed-in user who is not an admin. */
const notAdmin = (c: Omit<HttpCase, 'name' | 'as' | 'expect' | 'check'> = {}): HttpCase => ({ name: 'refuses a signed-in user who is not an admin', as: 'user', expect: 403, ...c });

const is = (condition: unknown, message: string) => (condition ? undefined : message);
const record = (body: unknown) => body as Record<string, unknown>;
const list = (body: unknown) => (Array.isArray(body) ? body : ((body as { items?: unknown[] })?.items ?? [])) as Record<string, unknown>[];

const hostRequest = (s: Scenario) => ({
  businessName: 'Warung Parity',
  contactName: 'Made Parity',
  email: 'made.parity@example.com',
  phone: '+62 361 000 000',
  address: `Jl. Parity ${s.station.id}, Ubud`,
  businessType: 'cafe',
  expectedFootfall: '100-300',
});
/** A lab test's report as a browser uploads it (the record route checks its first bytes). */
const LAB_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const guestOrderId = (key: string) => orderIdFor('guest', 'guest', key);
const starred = (body: unknown) => (record(body).stationIds ?? []) as string[];
/** The guest orders of the scenario, each made by its own browser (an Idempotency-Key of its own), and why. */
const GUEST_ORDERS = {
  waiting: 'nobody pays it',
  incident: 'its station reports more than was paid',
  completed: 'its station dispenses half',
  polled: "its notification is overdue: the page's poll finds it paid",
  polledLate: 'the poll finds it paid after its 10 minutes',
  recovered: 'its notification stops before the session',
  recoveredLate: 'paid after its 10 minutes, its notification stops before deciding',
  refused: 'paid after its 10 minutes, its refund refused by the gateway, paid out by an admin',
  kept: 'paid after its 10 minutes, its refund refused by the gateway, kept by an account',
} as const;
type GuestOrderName = keyof typeof GUEST_ORDERS;
const guest = (s: Scenario, name: GuestOrderName) => {
  const key = String((s.values[`guest:${name}`] ??= newKey()));
  const orderId = guestOrderId(key);
  return { key, orderId, secret: receiptSecretFor(key), sessionId: paidSessionId(orderId) };
};
const guestEmail = (name: GuestOrderName) => `guest.${name.toLowerCase()}@example.com`;
/** The guest's request for the order (the same again is the same order): a litre where a station dispenses, else half. */
const guestOrderBody = (s: Scenario, name: GuestOrderName) => ({
  stationId: s.station.id, volumeMl: ['incident', 'completed', 'polled'].includes(name) ? 1000 : 500, paymentMethod: 'qris', email: guestEmail(name),
});
const newGuestOrder = (name: GuestOrderName, why: string): HttpCase => ({
  name: `takes a guest order (${why}): charged at the gateway, its page shows the QR code while it waits`,
  headers: (s) => ({ 'idempotency-key': guest(s, name).key }),
  body: (s) => guestOrderBody(s, name),
  expect: 201,
  check: ({ body }, s) => is(record(body).status === 'waiting_payment' && typeof record(record(body).payment).qrString === 'string' && s.app.cloud.midtrans.charged(guest(s, name).orderId), `order ${JSON.stringify(body)}`),
});
/** Time passed since the order was made (its createdAt moved back). */
const orderMadeAgo = (s: Scenario, key: { PK: string; SK: string }, minutes: number) => s.changeItem(key, (item) => ({ ...item, createdAt: new Date(Date.now() - minutes * 60_000).toISOString() }));
const MINUTE_AGO = () => new Date(Date.now() - 60_000).toISOString();
/** The webhook answered Midtrans' notification of the order with `status`, as the scenario needs. */
function notifiedWith(answered: number, orderId: string, status: number): void {
  if (answered !== status) throw new Error(`the webhook answered Midtrans' notification of ${orderId} with ${answered}, expected ${status}`);
}
const vendToken = (s: Scenario, sessionId: string) => s.reply('vend/authorized', (p) => p.sessionId === sessionId);
const refundedInFull = (body: unknown) => is(record(body).status === 'done' && record(body).paidIdr === record(body).amountIdr && record(body).refundedIdr === record(body).amountIdr, `expected a paid order refunded in full, got ${JSON.stringify(body)}`);
const mailed = (s: Scenario, name: GuestOrderName, subject: string) => is(s.mailTo(guestEmail(name)).some((sent) => sent.startsWith(subject)), `no "${subject}" e-mail to ${guestEmail(name)}: ${JSON.stringify(s.mailTo(guestEmail(name)))}`);
const receiptMailed = (s: Scenario, name: GuestOrderName) => mailed(s, name, 'Your Bali Refill receipt');
const PAYMENTS_NOT_CONFIGURED = (answer: { body: unknown }) => is(record(answer.body).message === 'Payments are not configured', `expected "Payments are not configured", got ${JSON.stringify(answer.body)}`);

/** The event Cognito sends its CustomMessage trigger for an account in a language. */
const accountMessageEvent = (triggerSource: string, locale: string) => ({
  version: '1', region: 'ap-southeast-1', userPoolId: 'ap-southeast-1_parity', userName: 'parity-account', triggerSource,
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'parity-client' },
  request: { userAttributes: { sub: 'parity-account', email: 'parity.account@example.com', locale }, codeParameter: '{####}', usernameParameter: null },
  response: { smsMessage: null, emailMessage: null, emailSubject: null },
});

export const DRIVERS: Record<string, Driver> = {
  Setup: {
    deploy: {
      check: ({ Data }, s) =>
        is(Data?.IotEndpoint === `localhost:${s.app.cloud.sharedPort}`, `IotEndpoint ${String(Data?.IotEndpoint)} is not what DescribeEndpoint answered`) ??
        is(/^[0-9a-f]{64}$/.test(String(Data?.OriginVerifySha256)), 'OriginVerifySha256 is not a SHA-256') ??
        is(Data?.SigningKey === 'created', `the first deployment must create the signing key, answered ${String(Data?.SigningKey)}`) ??
        is(Data?.JobExecutionEvents === 'enabled' && s.app.cloud.iot.snapshot().events.JOB_EXECUTION === true, `job execution events not turned on: ${JSON.stringify(s.app.cloud.iot.snapshot().events)}`),
      later: [
        {
          name: 'an update keeps the signing key every station trusts',
          request: 'Update',
          check: ({ Data }) => is(Data?.SigningKey === 'kept', `SigningKey ${String(Data?.SigningKey)} on update`),
        },
      ],
    },
  },
  'Identity/AccountMessage': {
    // Cognito's CustomMessage trigger: the code e-mails in the account's language, Cognito's own messages left alone.
    userPool: [
      {
        name: 'writes the reset e-mail in Bahasa Indonesia, saying it is a reset, with the code placeholder',
        trigger: 'CustomMessage',
        event: accountMessageEvent('CustomMessage_ForgotPassword', 'id'),
        check: (result) => {
          const response = record(record(result).response);
          return is(response.emailSubject === 'Atur ulang kata sandi Bali Refill Anda' && String(response.emailMessage).includes('{####}'), `reset e-mail ${JSON.stringify(response)}`);
        },
      },
      {
        name: "leaves an admin's invitation to the pool's own message",
        trigger: 'CustomMessage',
        event: accountMessageEvent('CustomMessage_AdminCreateUser', 'en'),
        check: (result) => is(record(record(result).response).emailSubject == null, `invitation changed: ${JSON.stringify(result)}`),
      },
    ],
  },
  'Custom::CrossRegionExportWriterCustomResourceProvider': { deploy: {} },
  'Custom::CrossRegionExportReaderCustomResourceProvider': {
    deploy: { check: ({ Data }) => is(Object.values(Data ?? {}).some((v) => String(v).startsWith('arn:aws:wafv2:')), `no web ACL ARN imported: ${JSON.stringify(Data)}`) },
  },

  'Api/openApi': {
    // The document is built when the function is bundled (infra/constructs/function-bundle.ts): the same as built here.
    http: [{ name: 'serves the contract', expect: 200, check: ({ body }) => is(isDeepStrictEqual(body, JSON.parse(JSON.stringify(openApiDocument()))), 'not the contract\'s OpenAPI document') }],
  },
  'Api/logout': {
    http: [{ name: 'sends the browser home signed out', expect: 302, check: ({ headers }) => is(headers.location === '/?signedOut=1', `location ${String(headers.location)}`) }],
  },
  'Api/adminLogin': {
    http: [
      {
        name: "signs the admin in with Cognito's password flow and a TOTP code",
        body: (s) => ({ username: s.account[1]!.username, password: s.account[1]!.password, code: totpCode(s.account[1]!.totpSecret!) }),
        expect: 200,
        check: ({ body }) => is(typeof record(body).idToken === 'string', 'no idToken'),
      },
      { name: "answers 401 to a non-admin's right password", body: (s) => ({ username: s.account[0]!.username, password: s.account[0]!.password }), expect: 401 },
      { name: 'answers 401 to a wrong password', body: (s) => ({ username: s.account[1]!.username, password: 'Wrong-Password-1!' }), expect: 401 },
      { name: "answers 401 to the admin's right password without a code", body: (s) => ({ username: s.account[1]!.username, password: s.account[1]!.password }), expect: 401 },
    ],
  },
  'Api/getCurrentUser': {
    http: [{ name: 'creates the user on first sign-in', as: 'user', expect: 200, check: ({ body }, s) => is(record(body).id === s.userSub, 'another user') }],
  },
  'Api/adminAuthCheck': {
    http: [{ name: 'knows the admin', as: 'admin', expect: 200, check: ({ body }) => is(record(body).role === 'admin', 'role') }, notAdmin()],
  },
  'Api/adminCreateMachine': {
    http: [
      {
        name: 'provisions a station (IoT thing, certificate, policy) and returns its bundle once',
        as: 'admin',
        body: (s) => ({ id: s.station.id, name: 'Parity Station', location: 'Jl. Raya Ubud, Bali', latitude: '-8.5069', longitude: '115.2625' }),
        expect: 201,
        check: async ({ body }, s) => {
          const bundle = record(record(body).bundle);
          const things = s.app.cloud.iot.snapshot().things.filter((t) => t.name === s.station.id);
          return (
            is(things.length === 1 && things[0]!.principals.length === 1, `IoT holds ${JSON.stringify(things)}`) ??
            is(typeof bundle.endpoint === 'string' && bundle.endpoint.length > 0, 'the bundle has no endpoint') ??
            is(String(bundle.vendPublicKeyPem).includes('BEGIN PUBLIC KEY'), 'no vend public key')
          );
        },
      },
      { name: 'refuses a malformed station id', as: 'admin', body: { id: 'not an id', name: 'x', location: 'x', latitude: '0', longitude: '0' }, expect: 400 },
      notAdmin({ body: (s) => ({ id: s.station.id.replace(/\d+$/, '99999'), name: 'x', location: 'x', latitude: '0', longitude: '0' }) }),
    ],
  },
  'Api/geocode': {
    http: [
      { name: 'searches Bali addresses in the place index', as: 'admin', query: { q: 'Ubud' }, expect: 200, check: ({ body }) => is(list(body).length > 0, 'no results') },
      { name: 'refuses a query shorter than 3 characters', as: 'admin', query: { q: 'U' }, expect: 400 },
    ],
  },
  'Api/adminUpdateMachine': {
    http: [
      { name: 'edits the station', as: 'admin', params: (s) => ({ id: s.station.id }), body: { name: 'Parity Station Ubud', location: 'Jl. Raya Ubud 1, Bali', status: 'online' }, expect: 200 },
      { name: 'answers 404 for an unknown station', as: 'admin', params: { id: 'PRT-000001' }, body: { name: 'x', location: 'x', status: 'online' }, expect: 404 },
    ],
  },
  'Api/adminListMachines': {
    http: [
      { name: 'lists every station for the console', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((m) => m.id === s.station.id), 'the provisioned station is missing') },
      notAdmin(),
    ],
  },
  'Api/listMachines': {
    http: [{ name: 'lists the stations', expect: 200, check: ({ body }, s) => is(list(body).some((m) => m.id === s.station.id), 'the provisioned station is missing') }],
  },
  'Api/getSupportContact': {
    http: [{ name: 'answers the contact of the settings', expect: 200, check: ({ body }) => is('whatsapp' in record(body) && 'email' in record(body), 'no contact fields') }],
  },
  'Api/getMachine': {
    http: [
      { name: 'shows the station', params: (s) => ({ id: s.station.id }), expect: 200 },
      { name: 'answers 404 for an unknown station', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
  'Stations/heartbeat': {
    // The heartbeat rule writes the reading (Basic Ingest, DynamoDB action); the table's stream invokes the function.
    stream: [
      {
        name: 'folds the heartbeat into the station',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 82, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0 } },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"applied":1}', `result ${JSON.stringify(result)}`),
      },
      {
        name: 'folds a heartbeat with the water below the alert threshold (opens an alert)',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 5, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0 }, signalDbm: -80 },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"applied":1}', `result ${JSON.stringify(result)}`),
      },
      {
        name: 'drops (and removes) a reading out of range',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 180, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0 } },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"dropped":1}', `result ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/presence': {
    topic: [
      {
        name: 'marks the station offline when it disconnects',
        topic: (s) => `$aws/events/presence/disconnected/${s.station.id}`,
        payload: (s) => ({ clientId: s.station.id, timestamp: Date.now(), eventType: 'disconnected', clientInitiatedDisconnect: false, disconnectReason: 'CONNECTION_LOST', sessionIdentifier: newKey(), versionNumber: 1 }),
        check: (result) => is(result === 'applied', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'marks it online again when it connects',
        topic: (s) => `$aws/events/presence/connected/${s.station.id}`,
        payload: (s) => ({ clientId: s.station.id, timestamp: Date.now() + 1, eventType: 'connected', sessionIdentifier: newKey(), versionNumber: 2, ipAddress: '203.0.113.20' }),
        check: (result) => is(result === 'applied', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/createHostRequest': {
    http: [
      { name: 'stores a host application', body: hostRequest, expect: 201, check: ({ body }, s) => void (s.values.hostRequestId = record(body).id) },
      { name: 'refuses an invalid e-mail address', body: (s) => ({ ...hostRequest(s), email: 'not-an-email' }), expect: 400 },
    ],
  },
  'Api/createReportPhotoUpload': {
    http: [
      {
        name: 'presigns one photo upload under uploads/',
        body: { contentType: 'image/jpeg', size: 2048 },
        expect: 201,
        check: ({ body }) => is(/^uploads\//.test(String(record(body).key)) && typeof record(body).fields === 'object', `upload ${JSON.stringify(body)}`),
      },
      { name: 'refuses a type that is not an image', body: { contentType: 'text/html', size: 10 }, expect: 400 },
    ],
  },
  'Api/createProblemReport': {
    http: [
      {
        name: 'stores a report and flags its station',
        body: (s) => ({ stationId: s.station.id, category: 'no-water', note: 'Parity: the tap runs dry' }),
        expect: 201,
        check: ({ body }, s) => void (s.values.problemReportId = record(body).id),
      },
      { name: 'answers 404 for an unknown station', body: { stationId: 'NOPE-00000', category: 'broken' }, expect: 404 },
    ],
  },
  'Api/partnerSignup': {
    http: [
      { name: 'stores a partner sign-up', body: hostRequest, expect: 201, check: ({ body }, s) => void (s.values.partnerRequestId = record(body).id) },
      { name: 'refuses a missing business type', body: (s) => ({ ...hostRequest(s), businessType: undefined }), expect: 400 },
    ],
  },
  'Api/adminListHostRequests': {
    http: [{ name: 'lists host applications', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.id === s.values.hostRequestId), 'the new application is missing') }, notAdmin()],
  },
  'Api/adminUpdateHostRequest': {
    http: [
      { name: 'marks an application contacted', as: 'admin', params: (s) => ({ id: String(s.values.hostRequestId) }), body: { status: 'contacted' }, expect: 200 },
      { name: 'answers 404 for an unknown application', as: 'admin', params: { id: 'no-such-request' }, body: { status: 'contacted' }, expect: 404 },
    ],
  },
  'Api/adminDeleteHostRequest': {
    http: [
      { name: 'deletes an application', as: 'admin', params: (s) => ({ id: String(s.values.partnerRequestId) }), expect: 204 },
      { name: 'answers 404 for an unknown application', as: 'admin', params: { id: 'no-such-request' }, expect: 404 },
    ],
  },
  'Api/adminListUsers': {
    http: [{ name: 'lists users', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((u) => u.id === s.userSub), 'the user is missing') }, notAdmin()],
  },
  'Api/adminGetUser': {
    http: [
      { name: "reads one user's balance (what an adjustment is made against)", as: 'admin', params: (s) => ({ id: s.userSub }), expect: 200, check: ({ body }, s) => void (s.values.balanceSeen = record(body).balance) },
      { name: 'answers 404 for an unknown user', as: 'admin', params: { id: 'no-such-user' }, expect: 404 },
    ],
  },
  'Api/adminUpdateUser': {
    http: [
      {
        name: "credits the user's balance as a ledger adjustment against the balance seen",
        as: 'admin',
        params: (s) => ({ id: s.userSub }),
        headers: { 'idempotency-key': newKey() },
        body: (s) => ({ username: s.userName, adjustment: { amount: 50_000, expectedBalance: s.values.balanceSeen, reason: 'Parity suite: starting balance' } }),
        expect: 200,
        check: ({ body }, s) => is(record(body).balance === Number(s.values.balanceSeen) + 50_000, `balance ${String(record(body).balance)}`),
      },
      {
        name: 'refuses an adjustment against a balance that has changed (409)',
        as: 'admin',
        params: (s) => ({ id: s.userSub }),
        body: (s) => ({ username: s.userName, adjustment: { amount: 1_000, expectedBalance: s.values.balanceSeen, reason: 'stale' } }),
        expect: 409,
      },
    ],
  },
  'Api/generateNfcToken': {
    http: [
      {
        name: 'issues a one-time token to pay at a station, reserving its offline allowance',
        as: 'user',
        expect: 200,
        check: ({ body }, s) => {
          Object.assign(s.values, { token1: record(body).token, tokenId1: record(body).tokenId });
          return is(Number(record(body).reservedIdr) > 0, `reserved ${String(record(body).reservedIdr)}`);
        },
      },
      {
        name: 'signs the same token again while it lives unused (one live token per account)',
        as: 'user',
        expect: 200,
        check: ({ body }, s) => is(record(body).tokenId === s.values.tokenId1, `a second live token ${String(record(body).tokenId)}`),
      },
      { name: 'refuses a caller below the minimum balance', as: 'admin', expect: 409 },
    ],
  },
  'Stations/vendRequest': {
    topic: [1, 2, 3]
      .map((n): TopicCase => ({
        name: `authorizes a vend with token ${n} and answers the station on vend/authorized`,
        // Token 1 is the generate driver's; the next is issued once the last was presented.
        before: n === 1 ? undefined : (s: Scenario) => s.issueNfcToken(n),
        topic: (s: Scenario) => `stations/${s.station.id}/vend/request`,
        payload: (s: Scenario) => ({ token: s.values[`token${n}`], requestId: `parity-${n}` }),
        check: async (result: unknown, s: Scenario) => {
          const outcome = record(result);
          if (outcome.decision !== 'authorized') return `decision ${JSON.stringify(outcome)}`;
          s.values[`session${n}`] = outcome.sessionId;
          const reply = await s.reply('vend/authorized', (p) => p.requestId === `parity-${n}`);
          return is(reply?.sessionId === outcome.sessionId, 'the station received no vend/authorized over MQTT');
        },
      }))
      .concat({
        name: 'denies a forged token and answers on vend/denied',
        topic: (s: Scenario) => `stations/${s.station.id}/vend/request`,
        payload: () => ({ token: 'eyJhbGciOiJFUzI1NiJ9.e30.forged', requestId: 'parity-forged' }),
        check: async (result: unknown, s: Scenario) =>
          is(record(result).decision === 'denied', `decision ${JSON.stringify(result)}`) ??
          is(await s.reply('vend/denied', (p) => p.requestId === 'parity-forged'), 'the station received no vend/denied over MQTT'),
      }),
  },
  // Payments: a default deployment has no gateway key (503, nothing charged); then the scenario puts one in, as the
  // operator does, and every payment path runs against the stand-in of Midtrans (midtrans.ts).
  'Api/topup': {
    http: [
      { name: 'answers 503 while no gateway key is configured', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { amount: 20_000, paymentMethod: 'qris' }, expect: 503, check: PAYMENTS_NOT_CONFIGURED },
      {
        name: 'charges a QRIS top-up at the gateway once the operator put its server key in: pending, with the QR code',
        before: (s) => s.configurePayments(),
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 20_000, paymentMethod: 'qris' },
        expect: 202,
        check: ({ body }, s) => (s.values.paidTopup = record(body).id, is(record(body).status === 'pending' && typeof record(body).qrString === 'string' && s.app.cloud.midtrans.charged(String(record(body).id)), `top-up ${JSON.stringify(body)}`)),
      },
      {
        name: "charges a GoPay top-up: pending, with the GoPay app's deeplink",
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 15_000, paymentMethod: 'gopay' },
        expect: 202,
        check: ({ body }, s) => (s.values.polledTopup = record(body).id, is(record(body).status === 'pending' && typeof record(body).deeplink === 'string', `top-up ${JSON.stringify(body)}`)),
      },
      {
        name: "starts a card top-up on the gateway's hosted page (Snap): pending, with the page's address, nothing credited",
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 12_000, paymentMethod: 'card' },
        expect: 202,
        check: ({ body }, s) => (s.values.cardTopup = record(body).id, is(record(body).status === 'pending' && String(record(body).redirectUrl).startsWith('https://app.sandbox.midtrans.com/snap/') && s.app.cloud.midtrans.charged(String(record(body).id)), `top-up ${JSON.stringify(body)}`)),
      },
      { name: 'refuses an amount below the minimum', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { amount: 1, paymentMethod: 'qris' }, expect: 400 },
    ],
  },
  'Api/purchase': {
    http: [
      {
        name: 'answers 422 to a Google Pay refill: the live gateway (Midtrans) takes no card wallets, so the order fails and nothing starts',
        before: (s) => s.configurePayments(),
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: (s) => ({ machineId: s.station.id, volume: 1, walletToken: 'parity-wallet-token', paymentMethod: 'google_pay' }),
        expect: 422,
        check: ({ body }) => is(record(body).message === 'Google Pay is not enabled for this payment gateway', `expected Midtrans' refusal, got ${JSON.stringify(body)}`),
      },
      { name: 'refuses a volume above 20 litres', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: (s) => ({ machineId: s.station.id, volume: 50, walletToken: 'x', paymentMethod: 'google_pay' }), expect: 400 },
    ],
  },
  'Api/createGuestOrder': {
    http: [
      { ...newGuestOrder('waiting', 'nobody pays it'), before: (s) => s.configurePayments() },
      ...(['incident', 'completed', 'polled', 'polledLate', 'recovered', 'recoveredLate', 'refused', 'kept'] as const).map((name) => newGuestOrder(name, GUEST_ORDERS[name])),
      {
        name: 'starts the refill of an order whose notification stopped before its session (DynamoDB failed a moment): the same request again opens it, and the station receives its vend token',
        before: async (s) => {
          const order = guest(s, 'recovered');
          s.app.cloud.midtrans.pay(order.orderId);
          notifiedWith(await s.notifyWhileDynamoFails(order.orderId, 'GetItem', [`VEND#${order.sessionId}`]), order.orderId, 500);
        },
        headers: (s) => ({ 'idempotency-key': guest(s, 'recovered').key }),
        body: (s) => guestOrderBody(s, 'recovered'),
        expect: 201,
        check: async ({ body }, s) => is(record(body).status === 'press_start', `order ${JSON.stringify(body)}`) ?? is(await vendToken(s, guest(s, 'recovered').sessionId), 'the station received no vend/authorized over MQTT'),
      },
      {
        name: 'refunds in full an order paid more than 10 minutes after it was made whose notification stopped before deciding: the same request again closes it and e-mails the receipt',
        before: async (s) => {
          const order = guest(s, 'recoveredLate');
          await orderMadeAgo(s, keys.guestOrder(order.orderId), 11);
          s.app.cloud.midtrans.pay(order.orderId);
          notifiedWith(await s.notifyWhileDynamoFails(order.orderId, 'UpdateItem', [`GUEST#${order.orderId}`, 'sessionStatus']), order.orderId, 500);
        },
        headers: (s) => ({ 'idempotency-key': guest(s, 'recoveredLate').key }),
        body: (s) => guestOrderBody(s, 'recoveredLate'),
        expect: 201,
        check: ({ body }, s) => refundedInFull(body) ?? receiptMailed(s, 'recoveredLate'),
      },
      { name: 'refuses a volume below 100 ml', headers: () => ({ 'idempotency-key': newKey() }), body: (s) => ({ stationId: s.station.id, volumeMl: 10, paymentMethod: 'qris' }), expect: 400 },
    ],
  },
  'Api/paymentNotification': {
    http: [
      {
        name: "credits a top-up the payer paid, once the gateway's status API confirms the notification",
        before: (s) => s.app.cloud.midtrans.pay(String(s.values.paidTopup)),
        body: (s) => s.app.cloud.midtrans.notification(String(s.values.paidTopup)),
        expect: 200,
        check: async (_, s) => is((await s.item(keys.topup(String(s.values.paidTopup))))?.status === 'settled', 'the top-up was not credited'),
      },
      {
        name: 'credits a card top-up paid on the hosted page, once the status API confirms it',
        before: (s) => s.app.cloud.midtrans.pay(String(s.values.cardTopup)),
        body: (s) => s.app.cloud.midtrans.notification(String(s.values.cardTopup)),
        expect: 200,
        check: async (_, s) => is((await s.item(keys.topup(String(s.values.cardTopup))))?.status === 'settled', 'the card top-up was not credited'),
      },
      ...(['incident', 'completed'] as const).map((name): HttpCase => ({
        name: `starts the refill of a paid guest order: the station receives its vend token (${GUEST_ORDERS[name]})`,
        before: (s) => s.app.cloud.midtrans.pay(guest(s, name).orderId),
        body: (s) => s.app.cloud.midtrans.notification(guest(s, name).orderId),
        expect: 200,
        check: async (_, s) => is(await vendToken(s, guest(s, name).sessionId), 'the station received no vend/authorized over MQTT'),
      })),
      ...(['refused', 'kept'] as const).map((name): HttpCase => ({
        name: `refunds in full a guest order paid after its 10 minutes; the gateway refuses the refund, so the money is held for the guest and the receipt says so (${name})`,
        before: async (s) => {
          const order = guest(s, name);
          await orderMadeAgo(s, keys.guestOrder(order.orderId), 11);
          s.app.cloud.midtrans.pay(order.orderId);
          s.app.cloud.midtrans.refuseRefunds(order.orderId);
        },
        body: (s) => s.app.cloud.midtrans.notification(guest(s, name).orderId),
        expect: 200,
        check: async (_, s) => {
          const order = await s.item(keys.guestOrder(guest(s, name).orderId));
          return is(order?.refundRefused && order.closedAt, `order ${JSON.stringify(order)}`) ?? receiptMailed(s, name);
        },
      })),
      { name: "refuses a notification not signed with the server key", body: (s) => ({ ...s.app.cloud.midtrans.notification(String(s.values.paidTopup)), signature_key: '0'.repeat(128) }), expect: 403 },
    ],
  },
  'Api/getTopup': {
    http: [
      {
        name: "credits a top-up paid while its notification is overdue: the page's poll asks the gateway's status",
        before: async (s) => {
          s.app.cloud.midtrans.pay(String(s.values.polledTopup));
          await orderMadeAgo(s, keys.topup(String(s.values.polledTopup)), 1);
        },
        as: 'user',
        params: (s) => ({ id: String(s.values.polledTopup) }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'settled', `top-up ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 for a top-up that does not exist', as: 'user', params: { id: 'no-such-topup' }, expect: 404 },
    ],
  },
  'Api/getGuestOrder': {
    http: [
      {
        // The order and the receipt's secret follow from the Idempotency-Key (functions/guests/domain/guest-orders.ts).
        name: 'reads the waiting order with its receipt secret (the gateway says pending)',
        params: (s) => ({ id: guest(s, 'waiting').orderId }),
        query: (s) => ({ secret: guest(s, 'waiting').secret }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'waiting_payment' && record(body).paidIdr === 0, `expected a waiting order, got ${JSON.stringify(body)}`),
      },
      {
        name: "starts the refill of an order paid while its notification is overdue: the page's poll asks the gateway, and the station receives its vend token",
        before: async (s) => {
          s.app.cloud.midtrans.pay(guest(s, 'polled').orderId);
          await orderMadeAgo(s, keys.guestOrder(guest(s, 'polled').orderId), 1);
        },
        params: (s) => ({ id: guest(s, 'polled').orderId }),
        query: (s) => ({ secret: guest(s, 'polled').secret }),
        expect: 200,
        check: async ({ body }, s) => is(record(body).status === 'press_start', `order ${JSON.stringify(body)}`) ?? is(await vendToken(s, guest(s, 'polled').sessionId), 'the station received no vend/authorized over MQTT'),
      },
      {
        name: 'refunds in full an order the poll finds paid after its 10 minutes, and e-mails the receipt',
        before: async (s) => {
          await orderMadeAgo(s, keys.guestOrder(guest(s, 'polledLate').orderId), 11);
          s.app.cloud.midtrans.pay(guest(s, 'polledLate').orderId);
        },
        params: (s) => ({ id: guest(s, 'polledLate').orderId }),
        query: (s) => ({ secret: guest(s, 'polledLate').secret }),
        expect: 200,
        check: ({ body }, s) => refundedInFull(body) ?? receiptMailed(s, 'polledLate'),
      },
      { name: 'answers 404 without the secret', params: (s) => ({ id: guest(s, 'waiting').orderId }), query: { secret: 'not-the-receipt-secret-at-all' }, expect: 404 },
    ],
  },
  'Stations/vendComplete': {
    topic: [
      {
        name: 'settles 500 ml',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: s.values.session1, dispensedMl: 500 }),
        check: (result) => is(result === 'settled', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'keeps the hold of a completion above what was authorized (an incident)',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: s.values.session3, dispensedMl: 99_999 }),
        check: (result) => is(result === 'incident', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: "keeps the hold of a guest refill's completion above what was paid (an incident)",
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: guest(s, 'incident').sessionId, dispensedMl: 99_999 }),
        check: (result) => is(result === 'incident', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'settles a guest refill of 500 ml of the 1,000 paid',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: guest(s, 'completed').sessionId, dispensedMl: 500 }),
        check: (result) => is(result === 'settled', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a completion of a session it does not know',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: { sessionId: 'no-such-session', dispensedMl: 500 },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/vendStarted': {
    topic: [
      {
        name: 'marks an open session started',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: (s) => ({ sessionId: s.values.session2 }),
        check: (result) => is(result === 'started', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'treats the same start again as a replay',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: (s) => ({ sessionId: s.values.session2 }),
        check: (result) => is(result === 'replayed', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a start of a session it does not know',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: { sessionId: 'no-such-session' },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/vendFailed': {
    topic: [
      {
        name: 'releases the hold of a failed dispense',
        topic: (s) => `stations/${s.station.id}/vend/failed`,
        payload: (s) => ({ sessionId: s.values.session2, reason: 'pump fault' }),
        check: (result) => is(result === 'released', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'treats the same failure again as a replay',
        topic: (s) => `stations/${s.station.id}/vend/failed`,
        payload: (s) => ({ sessionId: s.values.session2, reason: 'pump fault' }),
        check: (result) => is(result === 'replayed', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/getNfcToken': {
    http: [
      {
        name: 'follows token 1 to its charge for the 500 ml settled',
        as: 'user',
        params: (s) => ({ id: String(s.values.tokenId1) }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'charged' && record(body).dispensedMl === 500, `progress ${JSON.stringify(body)}`),
      },
      {
        name: 'follows token 2 to not used (the station failed)',
        as: 'user',
        params: (s) => ({ id: String(s.values.tokenId2) }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'not_used' && record(body).chargedIdr === 0, `progress ${JSON.stringify(body)}`),
      },
      { name: "answers 404 for another person's token", as: 'admin', params: (s) => ({ id: String(s.values.tokenId1) }), expect: 404 },
    ],
  },
  'Api/adminListIncidents': {
    http: [
      { name: 'lists the open incident', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((i) => i.sessionId === s.values.session3 && i.status === 'open'), 'the incident is missing') },
      notAdmin(),
    ],
  },
  'Api/adminResolveIncident': {
    http: [
      ...([['session3', 250], ['guest', 600]] as const).map(([whose, dispensedMl]): HttpCase => ({
        name: `settles the incident with the volume the operator confirmed (${whose === 'guest' ? "a guest's refill" : "a user's"})`,
        as: 'admin',
        params: (s) => ({ id: whose === 'guest' ? guest(s, 'incident').sessionId : String(s.values.session3) }),
        body: { dispensedMl, note: "Read from the station's meter log" },
        expect: 200,
        check: ({ body }) => is(record(body).status === 'resolved', `status ${String(record(body).status)}`),
      })),
      { name: 'answers 404 for an unknown incident', as: 'admin', params: { id: 'no-such-session' }, body: { dispensedMl: 0, note: 'x' }, expect: 404 },
    ],
  },
  'Stations/guestSessionClosed': {
    // The table's stream, filtered to guest orders' sessions as they close: the order is refunded and receipted.
    tableChange: [
      {
        name: 'leaves the guest order whose payment has not settled for a later try',
        key: (s) => keys.vendSession(guest(s, 'waiting').sessionId),
        change: (item) => ({ ...item, status: 'completed', dispensedMl: 0, charged: 0 }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { unsettled: 1 }) && list(record(result).batchItemFailures).length === 1, `settle ${JSON.stringify(result)}`),
      },
      {
        name: 'passes over the closed session of an order that does not exist',
        key: () => keys.vendSession(paidSessionId(guestOrderId('no-such-order-key'))),
        change: (item) => ({ ...item, status: 'expired' }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { 'not-guest': 1 }) && list(record(result).batchItemFailures).length === 0, `settle ${JSON.stringify(result)}`),
      },
      {
        name: 'asks again for a refund left in flight, and leaves the order whose payment has not settled for a later try',
        key: (s) => keys.user(refundInFlightAccount(guestRefundKeys.unused(guest(s, 'waiting').orderId))),
        change: (item) => ({ ...item, balance: 500, bookAccount: true }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { unsettled: 1 }) && list(record(result).batchItemFailures).length === 1, `settle ${JSON.stringify(result)}`),
      },
      ...(['incident', 'completed'] as const).map((name) => ({
        name: `refunds what the refill did not dispense through the gateway, closes the order and e-mails its receipt (${GUEST_ORDERS[name]})`,
        key: (s: Scenario) => keys.vendSession(guest(s, name).sessionId),
        // The station's report (or the operator's resolution) closed the session: the stream hands on the write.
        change: (item: Record<string, unknown>) => item,
        check: (result: unknown, s: Scenario) => is(isDeepStrictEqual(record(result).outcomes, { settled: 1 }), `settle ${JSON.stringify(result)}`) ?? receiptMailed(s, name),
      })),
    ],
  },
  'Api/adminListProblemReports': {
    http: [{ name: 'lists the open report', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.id === s.values.problemReportId), 'the report is missing') }, notAdmin()],
  },
  'Api/adminGetProblemReportPhoto': {
    http: [
      { name: 'answers 404 for a report without a photo', as: 'admin', params: (s) => ({ id: String(s.values.problemReportId) }), expect: 404 },
      notAdmin({ params: { id: 'no-such-report' } }),
    ],
  },
  // The problem report opened the station's ticket for reports.
  'Api/adminListTickets': {
    http: [
      {
        name: "lists the ticket the problem report opened",
        as: 'technician',
        query: (s) => ({ stationId: s.station.id }),
        expect: 200,
        check: ({ body }, s) => {
          const ticket = list(body).find((t) => t.cause === 'reports');
          s.values.ticketId = ticket?.id;
          return is(ticket, 'the ticket is missing');
        },
      },
      notAdmin(),
    ],
  },
  'Api/adminTicketCounts': {
    http: [{ name: 'counts the open ticket', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).open) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetTicket': {
    http: [
      { name: 'reads the ticket', as: 'admin', params: (s) => ({ id: String(s.values.ticketId) }), expect: 200 },
      { name: 'answers 404 for an unknown ticket', as: 'admin', params: { id: 'no-such-ticket' }, expect: 404 },
    ],
  },
  'Api/adminCommentTicket': {
    http: [
      { name: 'adds a comment', as: 'technician', params: (s) => ({ id: String(s.values.ticketId) }), body: { text: 'On my way' }, expect: 200, check: ({ body }) => is(list(record(body).comments).length === 1, `ticket ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: String(s.values.ticketId) }), body: { text: 'parity' } }),
    ],
  },
  'Api/adminListStaff': {
    http: [
      { name: 'lists the admins and technicians', as: 'admin', expect: 200, check: ({ body }) => is(Array.isArray(body) && body.some((s) => record(s).email === 'tech@bali-refill.test' && record(s).role === 'technician'), `staff ${JSON.stringify(body)}`) },
      notAdmin(),
    ],
  },
  'Api/adminAssignTicket': {
    http: [
      { name: 'assigns the ticket to the technician', as: 'admin', params: (s) => ({ id: String(s.values.ticketId) }), body: { assignee: 'tech@bali-refill.test' }, expect: 200, check: ({ body }) => is(record(body).assignee === 'tech@bali-refill.test', `ticket ${JSON.stringify(body)}`) },
      { name: 'refuses an account that is not staff', as: 'admin', params: (s) => ({ id: String(s.values.ticketId) }), body: { assignee: 'wayan@bali-refill.test' }, expect: 400 },
    ],
  },
  'Api/adminResolveProblemReport': {
    http: [
      {
        name: 'resolves the report',
        as: 'admin',
        params: (s) => ({ id: String(s.values.problemReportId) }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'resolved', `status ${String(record(body).status)}`),
      },
      { name: 'answers 404 for an unknown report', as: 'admin', params: { id: 'no-such-report' }, expect: 404 },
    ],
  },
  'Api/adminCloseTicket': {
    http: [
      { name: 'closes the ticket with a resolution', as: 'technician', params: (s) => ({ id: String(s.values.ticketId) }), body: { resolution: 'Cleaned the tap' }, expect: 200, check: ({ body }) => is(record(body).status === 'closed', `ticket ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: String(s.values.ticketId) }), body: { resolution: 'parity' } }),
    ],
  },
  'StationList/Publisher': {
    schedule: [
      { name: 'writes the public station list file on its schedule', check: (result) => is(record(result).written === true && Number(record(result).stations) > 0, `publish ${JSON.stringify(result)}`) },
      { name: 'leaves the file alone when nothing changed', check: (result) => is(record(result).written === false, `publish ${JSON.stringify(result)}`) },
      {
        name: 'writes area tiles and the list naming them when the fleet is above the tile threshold',
        extraStations: STATION_LIST_TILE_THRESHOLD,
        check: (result) => is(record(result).written === true && Number(record(result).tilesWritten) > 0, `publish ${JSON.stringify(result)}`),
      },
    ],
  },
  'StationList/ChangePublisher': {
    // The table's stream, filtered to station items: a write visitors should see is published at once.
    tableChange: [
      {
        name: "leaves a heartbeat's new readings to the schedule",
        change: (item) => ({ ...item, waterLevel: 41, lastHeartbeat: new Date().toISOString() }),
        check: (result) => is(record(result).outcome === 'ignored', `publish ${JSON.stringify(result)}`),
      },
      {
        name: 'publishes the list at once when a station is renamed, its tile too above the tile threshold',
        extraStations: STATION_LIST_TILE_THRESHOLD,
        change: (item) => ({ ...item, name: `${String(item.name)} (renamed)` }),
        check: (result) => is(record(result).outcome === 'written', `publish ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/sweep': {
    schedule: [{
      name: 'expires a vend session no station closed in time and releases its hold',
      before: (s) => s.changeItem(keys.vendSession(guest(s, 'polled').sessionId), (item) => ({ ...item, ...keys.openVendSession(MINUTE_AGO()), expiresAt: MINUTE_AGO() })),
      check: (result) => is(Number(record(result).expired) >= 1 && record(result).errors === 0, `sweep ${JSON.stringify(result)}`),
    }],
  },
  'Stations/commandSweep': {
    schedule: [{ name: 'looks for command executions queued too long on its schedule (none yet)', check: (result) => is(result === 0, `command sweep ${JSON.stringify(result)}`) }],
  },
  'Stations/alertSweep': {
    schedule: [{ name: 'looks for silent stations, waiting dead letters and due alert e-mails on its schedule', check: (result) => is(record(result).errors === 0, `alert sweep ${JSON.stringify(result)}`) }],
  },
  'Api/listTransactions': {
    http: [
      { name: "lists the caller's transactions", as: 'user', expect: 200, check: ({ body }) => is(list(body).some((t) => t.type === 'purchase'), 'the settled vend is missing') },
      { name: 'refuses a page size of 0', as: 'user', query: { limit: '0' }, expect: 400 },
    ],
  },
  'Api/listUserTransactions': {
    http: [
      { name: "lists the user's own transactions", as: 'user', params: (s) => ({ id: s.userSub }), expect: 200 },
      { name: "lists a user's transactions for an admin", as: 'admin', params: (s) => ({ id: s.userSub }), expect: 200, check: ({ body }) => is(list(body).length > 0, 'no transactions') },
      { name: "refuses another user's transactions", as: 'user', params: (s) => ({ id: s.adminSub }), expect: 403 },
    ],
  },
  'Api/createClaim': {
    http: [
      {
        name: 'queues a claim on the settled vend for an admin',
        as: 'user',
        params: (s) => ({ id: String(s.values.session1) }),
        body: { kind: 'dispensed_less', note: 'Parity: half a bottle' },
        expect: 201,
        check: ({ body }) => is(record(body).status === 'pending', `status ${String(record(body).status)}`),
      },
      {
        name: "credits at once a claim the station's own record supports (its incident), and e-mails the outcome",
        as: 'user',
        params: (s) => ({ id: String(s.values.session3) }),
        body: { kind: 'dispensed_less' },
        expect: 201,
        check: ({ body }, s) => is(record(body).status === 'credited', `status ${String(record(body).status)}`) ?? is(s.mailTo(s.account[0]!.username).some((subject) => subject.startsWith('Your refill claim')), 'no outcome e-mail'),
      },
      { name: 'answers 404 for a vend that is not the caller\'s', as: 'user', params: { id: 'no-such-session' }, body: { kind: 'not_dispensed' }, expect: 404 },
    ],
  },
  'Api/createGuestClaim': {
    http: [
      { name: 'refuses a claim on a refill still in progress', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: (s) => ({ secret: guest(s, 'waiting').secret, kind: 'not_dispensed', email: guestEmail('waiting') }), expect: 409 },
      {
        name: "credits at once a claim the station's own record supports (its incident), refunds the credit through the gateway and e-mails the guest",
        params: (s) => ({ id: guest(s, 'incident').orderId }),
        body: (s) => ({ secret: guest(s, 'incident').secret, kind: 'dispensed_less', email: guestEmail('incident') }),
        expect: 201,
        check: ({ body }, s) => is(record(record(body).claim).status === 'credited' && record(body).refundedIdr === record(body).amountIdr, `order ${JSON.stringify(body)}`) ?? mailed(s, 'incident', 'Your refill claim'),
      },
      {
        name: 'queues for an admin a claim the record does not support',
        params: (s) => ({ id: guest(s, 'completed').orderId }),
        body: (s) => ({ secret: guest(s, 'completed').secret, kind: 'dispensed_less', note: 'Parity: the bottle was half full', whatsapp: '+6281234567890' }),
        expect: 201,
        check: ({ body }) => is(record(record(body).claim).status === 'pending', `order ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 without the secret', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: { secret: 'not-the-receipt-secret-at-all', kind: 'not_dispensed', email: 'nobody@example.com' }, expect: 404 },
    ],
  },
  'Api/adminListClaims': {
    http: [
      { name: 'lists the pending claim', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((c) => c.sessionId === s.values.session1), 'the claim is missing') },
      notAdmin(),
    ],
  },
  'Api/adminClaimCounts': {
    http: [{ name: 'counts the pending claim', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).pending) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetClaim': {
    http: [
      { name: "reads the claim with the station's telemetry", as: 'admin', params: (s) => ({ id: String(s.values.session1) }), expect: 200, check: ({ body }) => is(Array.isArray(record(body).readings), 'no readings') },
      { name: 'answers 404 for an unknown claim', as: 'admin', params: { id: 'no-such-session' }, expect: 404 },
    ],
  },
  'Api/adminResolveClaim': {
    http: [
      {
        name: 'credits the claim through the ledger',
        as: 'admin',
        params: (s) => ({ id: String(s.values.session1) }),
        body: { decision: 'credit', amount: 100, reason: 'Parity: the meter log shows a short pour' },
        expect: 200,
        check: ({ body }) => is(record(body).status === 'credited', `status ${String(record(body).status)}`),
      },
      {
        name: "credits a guest's claim: refunded through the gateway at once, the guest e-mailed",
        as: 'admin',
        params: (s) => ({ id: guest(s, 'completed').sessionId }),
        body: { decision: 'credit', amount: 200, reason: 'Parity: the meter log shows a short pour' },
        expect: 200,
        check: async ({ body }, s) => {
          const order = await s.item(keys.guestOrder(guest(s, 'completed').orderId));
          return is(record(body).status === 'credited', `status ${String(record(body).status)}`) ??
            is(((order?.refundKeys ?? []) as string[]).some((key) => key.endsWith('-claim')), `the credit was not refunded: ${JSON.stringify(order)}`) ?? mailed(s, 'completed', 'Your refill claim');
        },
      },
      { name: 'answers 404 for an unknown claim', as: 'admin', params: { id: 'no-such-session' }, body: { decision: 'decline', reason: 'x' }, expect: 404 },
    ],
  },
  'Api/claimGuestOrder': {
    http: [
      { name: 'refuses to keep a receipt that is not final yet', as: 'user', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: (s) => ({ secret: guest(s, 'waiting').secret }), expect: 409 },
      {
        name: "keeps a finished guest receipt in the caller's account: its litres count in their impact",
        as: 'user',
        params: (s) => ({ id: guest(s, 'incident').orderId }),
        body: (s) => ({ secret: guest(s, 'incident').secret }),
        expect: 200,
        check: ({ body }) => is(Number(record(body).dispensedMl) > 0, `claimed ${JSON.stringify(body)}`),
      },
      {
        name: "keeps a receipt whose refund the gateway refused: what the guest account held becomes the keeper's wallet credit",
        as: 'host',
        params: (s) => ({ id: guest(s, 'kept').orderId }),
        body: (s) => ({ secret: guest(s, 'kept').secret }),
        expect: 200,
        check: ({ body }) => is(Number(record(body).creditedIdr) > 0, `claimed ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 without the secret', as: 'user', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: { secret: 'not-the-receipt-secret-at-all' }, expect: 404 },
    ],
  },
  'Api/addFavourite': {
    http: [
      { name: 'stars the station', as: 'user', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }, s) => is(starred(body).includes(s.station.id), 'the star is missing') },
      { name: 'answers 404 for an unknown station', as: 'user', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
  'Api/listFavourites': {
    http: [
      { name: "lists the caller's stars", as: 'user', expect: 200, check: ({ body }, s) => is(starred(body).includes(s.station.id), 'the star is missing') },
    ],
  },
  'Api/removeFavourite': {
    http: [
      { name: 'unstars the station', as: 'user', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }, s) => is(!starred(body).includes(s.station.id), 'the star is still there') },
      { name: 'refuses a station id that is too long', as: 'user', params: { id: 'x'.repeat(65) }, expect: 400 },
    ],
  },
  'Api/getEnvironmentalImpact': {
    http: [{ name: 'derives impact from the metered litres', as: 'user', expect: 200 }],
  },
  'Api/adminListTransactions': {
    http: [
      { name: "lists one user's transactions", as: 'admin', query: (s) => ({ userId: s.userSub }), expect: 200, check: ({ body }) => is(list(body).length >= 2, 'expected the adjustment and the vend') },
      { name: 'lists every transaction, newest first', as: 'admin', expect: 200, check: ({ body }) => is(list(body).length >= 2 && list(body).some((t) => t.username !== null), `transactions ${JSON.stringify(body).slice(0, 300)}`) },
      { name: "lists one station's purchases", as: 'admin', query: (s) => ({ machineId: s.station.id }), expect: 200, check: ({ body }) => is(list(body).length > 0 && list(body).every((t) => t.type === 'purchase'), `purchases ${JSON.stringify(body).slice(0, 300)}`) },
      notAdmin(),
    ],
  },
  'Api/adminExportTransactions': {
    http: [
      {
        name: "exports the user's transactions of the range as CSV, times in Bali", as: 'admin', expect: 200,
        query: (s) => ({ userId: s.userSub, from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
        check: ({ body }, s) => is(typeof body === 'string' && body.startsWith('\uFEFFTransaction ID,Date (Bali time)') && body.split('\r\n').filter((line) => line.includes(s.userSub)).length >= 2, `expected the adjustment and the vend in CSV, got ${String(body).slice(0, 300)}`),
      },
      ...([['every transaction', () => ({})], ["one station's purchases", (s: Scenario) => ({ machineId: s.station.id })]] as const).map(([what, filter]): HttpCase => ({
        name: `exports ${what} of the range as CSV`, as: 'admin', expect: 200,
        query: (s) => ({ ...filter(s), from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
        check: ({ body }) => is(typeof body === 'string' && body.split('\r\n').length > 2, `expected rows, got ${String(body).slice(0, 300)}`),
      })),
      { name: 'refuses a range without its first day', as: 'admin', query: { to: '2026-11-30' }, expect: 400 },
      notAdmin({ query: { from: '2026-11-01', to: '2026-11-30' } }),
    ],
  },
  'Api/adminBookDay': {
    http: [
      {
        name: "reads today's book, its debits equal to its credits", as: 'admin', expect: 200, query: () => ({ date: baliDate() }),
        check: ({ body }) => is(record(body).debits === record(body).credits && Number(record(body).transactions) >= 1 && record(body).unbalanced === 0, `expected a balanced day, got ${JSON.stringify(body)}`),
      },
      { name: 'refuses a day to come', as: 'admin', query: { date: '2999-01-01' }, expect: 400 },
      notAdmin({ query: { date: '2026-11-01' } }),
    ],
  },
  'Api/adminJournal': {
    http: [
      {
        name: "exports today's journal as CSV, one line per account", as: 'admin', expect: 200, query: () => ({ date: baliDate() }),
        check: ({ body }) => is(typeof body === 'string' && body.startsWith('\uFEFFDate (Bali time),Transaction,Account,Debit (IDR),Credit (IDR),Reference') && /,(goodwill|gateway|revenue:[^,]+),/.test(body), `expected the journal with the book's own accounts, got ${String(body).slice(0, 300)}`),
      },
      { name: 'refuses a day that is not a date', as: 'admin', query: { date: 'yesterday' }, expect: 400 },
      notAdmin({ query: { date: '2026-11-01' } }),
    ],
  },
  'Api/adminStats': {
    http: [{ name: 'sums up the network', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).totalMachines) >= 1, 'no machines counted') }, notAdmin()],
  },
  'Api/adminGetSettings': {
    http: [{ name: 'reads the settings', as: 'admin', expect: 200, check: ({ body }, s) => void (s.values.settings = body) }, notAdmin()],
  },
  'Api/adminPutSettings': {
    http: [
      { name: 'saves the settings, audited', as: 'admin', body: (s) => ({ ...record(s.values.settings), heartbeatIntervalSeconds: 90 }), expect: 200 },
      { name: 'refuses a price of 0', as: 'admin', body: (s) => ({ ...record(s.values.settings), pricePerLitre: 0 }), expect: 400 },
    ],
  },
  'Api/adminSettingsHistory': {
    http: [{ name: 'shows who changed what', as: 'admin', expect: 200, check: ({ body }) => is(list(body).length >= 1, 'the change is missing') }, notAdmin()],
  },
  'Api/validateAppleMerchant': {
    http: [
      { name: 'answers 503 while Apple Pay is not configured', as: 'user', body: { validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'refill.example' }, expect: 503 },
      { name: 'refuses a validation URL outside apple.com', as: 'user', body: { validationURL: 'https://example.com/startSession', domainName: 'refill.example' }, expect: 400 },
    ],
  },
  'Api/adminMachineTelemetry': {
    http: [
      {
        name: "reads the station's readings of the last hour",
        as: 'admin',
        params: (s) => ({ id: s.station.id }),
        query: () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }),
        expect: 200,
        check: ({ body }) => is(list(body).some((r) => r.waterLevel === 5), 'the low-water reading is missing'),
      },
      { name: 'refuses a range that ends before it starts', as: 'admin', params: (s) => ({ id: s.station.id }), query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } }),
    ],
  },
  'Api/adminMachineEvents': {
    http: [
      { name: "lists the station's connection events", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }) => is(list(body).some((e) => e.kind === 'connected'), 'the connect is missing') },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  // The browser's part of a lab report: it posts the PDF to the presigned upload (here straight into the parity S3).
  'Api/adminCreateLabReportUpload': {
    http: [
      {
        name: "presigns one lab test PDF under uploads/, and the browser's upload lands there",
        as: 'technician',
        params: (s) => ({ id: s.station.id }),
        body: { contentType: 'application/pdf', size: LAB_PDF.length },
        expect: 201,
        check: async ({ body }, s) => {
          const key = String(record(body).key);
          if (!/^uploads\//.test(key)) return `upload ${JSON.stringify(body)}`;
          const bucket = s.app.functions.get('Api/adminRecordSafety')?.templateEnvironment?.FILES_BUCKET;
          const put = await s.app.cloud.objects.handle({ method: 'PUT', path: `/${bucket}/${key}`, query: new URLSearchParams(), headers: { 'content-type': 'application/pdf' }, body: LAB_PDF });
          s.values.labReportKey = key;
          return is(put.status === 200, `the upload to ${String(bucket)} answered ${put.status}`);
        },
      },
      { name: 'refuses a file that is not a PDF', as: 'technician', params: (s) => ({ id: s.station.id }), body: { contentType: 'image/png', size: 10 }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { contentType: 'application/pdf', size: 10 } }),
    ],
  },
  'Api/adminRecordSafety': {
    http: [
      { name: 'records a sanitation visit', as: 'admin', params: (s) => ({ id: s.station.id }), body: { kind: 'sanitation', date: '2026-01-15', note: 'parity' }, expect: 201 },
      {
        name: "keeps a lab test's uploaded PDF under lab-tests/ and deletes the upload",
        as: 'technician',
        params: (s) => ({ id: s.station.id }),
        body: (s) => ({ kind: 'labTest', date: '2026-01-16', result: 'pass', note: 'parity', reportKey: s.values.labReportKey }),
        expect: 201,
        check: ({ body }, s) => {
          s.values.labRecordId = record(body).id;
          return is((record(body).labReport as { bytes?: number } | undefined)?.bytes === LAB_PDF.length, `labReport ${JSON.stringify(record(body).labReport)}`);
        },
      },
      {
        name: 'refuses a lab test whose PDF was never uploaded',
        as: 'admin',
        params: (s) => ({ id: s.station.id }),
        body: { kind: 'labTest', date: '2026-01-16', result: 'pass', reportKey: 'uploads/00000000-0000-4000-8000-000000000000' },
        expect: 400,
      },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { kind: 'sanitation', date: '2026-01-15' } }),
    ],
  },
  'Api/adminGetLabReport': {
    http: [
      {
        name: "links the lab test's PDF for 5 minutes",
        as: 'technician',
        params: (s) => ({ id: s.station.id, recordId: String(s.values.labRecordId) }),
        expect: 200,
        check: ({ body }, s) => is(String(record(body).url).includes(`lab-tests/${String(s.values.labRecordId)}.pdf`), `url ${String(record(body).url)}`),
      },
      { name: 'answers 404 for a record without a PDF', as: 'admin', params: (s) => ({ id: s.station.id, recordId: 'no-such-record' }), expect: 404 },
      notAdmin({ params: (s) => ({ id: s.station.id, recordId: 'no-such-record' }) }),
    ],
  },
  'Api/adminMachineSafety': {
    http: [
      { name: "reads the station's water safety and its history", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200 },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  // Not the scenario's station: a lock would deny the vends later drivers make there.
  'Api/adminLockStation': {
    http: [
      { name: 'answers 404 for an unknown station', as: 'technician', params: { id: 'PRT-000001' }, body: { note: 'parity' }, expect: 404 },
      { name: 'refuses a lock without a reason', as: 'technician', params: (s) => ({ id: s.station.id }), body: { note: ' ' }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { note: 'parity' } }),
    ],
  },
  'Api/adminClearSafetyLock': {
    http: [
      { name: 'answers 409 for a station that is not locked', as: 'admin', params: (s) => ({ id: s.station.id }), body: { note: 'parity' }, expect: 409 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { note: 'parity' } }),
    ],
  },
  'Api/adminListAlerts': {
    http: [
      { name: 'lists the low-water alert the heartbeat opened', as: 'admin', query: (s) => ({ stationId: s.station.id }), expect: 200, check: ({ body }, s) => is(list(body).some((a) => a.stationId === s.station.id && a.rule === 'lowWater'), 'the alert is missing') },
      notAdmin(),
    ],
  },
  'Api/adminCheckIn': {
    http: [
      // The parity station stands at -8.5069, 115.2625 (adminCreateMachine above).
      { name: 'records a technician check-in at the station', as: 'technician', params: (s) => ({ id: s.station.id }), body: { latitude: -8.507, longitude: 115.2625, accuracyMetres: 10 }, expect: 201, check: ({ body }) => is(record(body).kind === 'checkedIn', `event ${JSON.stringify(body)}`) },
      { name: 'refuses a check-in from a kilometre away', as: 'technician', params: (s) => ({ id: s.station.id }), body: { latitude: -8.5159, longitude: 115.2625 }, expect: 409 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { latitude: -8.507, longitude: 115.2625 } }),
    ],
  },
  'Api/adminSetMachineHost': {
    http: [
      { name: 'links the station to the host account', as: 'admin', params: (s) => ({ id: s.station.id }), body: { hostEmail: 'host@bali-refill.test', businessName: 'Parity Warung' }, expect: 200 },
      { name: 'refuses a technician', as: 'technician', params: (s) => ({ id: s.station.id }), body: { hostEmail: null }, expect: 403 },
    ],
  },
  'Api/adminGetMachineHost': {
    http: [
      { name: "reads the station's host", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }) => is(record(body).hostEmail === 'host@bali-refill.test', `host ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  'Api/hostImpactReport': {
    http: [
      { name: "reports the host's stations of the month", as: 'host', expect: 200, check: ({ body }, s) => is(list(record(body).stations).some((m) => m.id === s.station.id), 'the linked station is missing') },
      { name: 'refuses an admin (hosts only)', as: 'admin', expect: 403 },
    ],
  },
  'Api/hostStationImpact': {
    http: [
      { name: "reads one of the host's stations", as: 'host', params: (s) => ({ id: s.station.id }), expect: 200 },
      { name: 'answers 404 for a station that is not the host\'s', as: 'host', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
  'Api/adminAlertCounts': {
    http: [{ name: 'counts the open alerts', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).open) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminAcknowledgeAlert': {
    http: [{ name: 'answers 404 for an unknown alert', as: 'admin', params: { id: 'PRT-000001.offline.1' }, expect: 404 }, notAdmin({ params: { id: 'PRT-000001.offline.1' } })],
  },
  // Last of the user's money: withdrawing the whole balance: its top-ups refunded through the gateway, the admin's
  // credit a payout request.
  'Api/getWithdrawalPlan': {
    http: [{
      name: 'shows what a withdrawal would refund to which top-up and pay out',
      as: 'user',
      expect: 200,
      check: ({ body }, s) => {
        const plan = record(body);
        s.values.withdrawable = plan.balanceIdr;
        return is(Number(plan.refundIdr) > 0 && Number(plan.payoutIdr) > 0 && Number(plan.refundIdr) + Number(plan.payoutIdr) === Number(plan.balanceIdr), `plan ${JSON.stringify(body)}`);
      },
    }],
  },
  'Api/createWithdrawal': {
    http: [
      { name: 'refuses a balance other than the one shown', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { expectedBalance: 1 }, expect: 409 },
      {
        name: 'withdraws the balance: its top-ups refunded through the gateway, the rest a payout request, each e-mailed',
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: (s) => ({ expectedBalance: Number(s.values.withdrawable), payoutDestination: { kind: 'ewallet', provider: 'gopay', phone: '081234567890' } }),
        expect: 201,
        check: ({ body }, s) => (s.values.payoutId = record(body).id, is(record(body).payoutStatus === 'open' && Number(record(body).refundIdr) > 0, `withdrawal ${JSON.stringify(body)}`) ??
          is(s.mailTo(s.account[0]!.username).some((subject) => subject.includes('will be paid out to you')), 'no payout e-mail')),
      },
    ],
  },
  'Api/adminListPayouts': {
    http: [{ name: 'lists the open payout request', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((p) => p.id === s.values.payoutId), 'the payout request is missing') }, notAdmin()],
  },
  'Api/adminResolvePayout': {
    http: [
      {
        name: 'returns the payout to the wallet and e-mails the user',
        as: 'admin',
        params: (s) => ({ id: String(s.values.payoutId) }),
        body: { outcome: 'returned', note: 'Parity: back to the wallet' },
        expect: 200,
        check: ({ body }, s) => is(record(body).status === 'returned', `status ${String(record(body).status)}`) ?? is(s.mailTo(s.account[0]!.username).some((subject) => subject.startsWith('Bali Refill: your payout')), 'no payout e-mail'),
      },
      { name: 'answers 404 for an unknown payout request', as: 'admin', params: { id: 'no-such-payout' }, body: { outcome: 'paid', transferReference: 'TRF-0001' }, expect: 404 },
    ],
  },
  'Api/adminListHeldGuestRefunds': {
    http: [{ name: 'lists the guest refund the gateway refused', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.orderId === guest(s, 'refused').orderId), `expected the refused refund, got ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminPayOutGuestRefund': {
    http: [
      {
        name: 'records the held guest refund paid out by hand',
        as: 'admin',
        params: (s) => ({ id: guest(s, 'refused').orderId }),
        body: { note: 'Parity: bank transfer' },
        expect: 200,
        check: ({ body }) => is(record(body).heldIdr === 0, `held ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 for an order without a refused refund', as: 'admin', params: { id: 'GO-00000000000000000000000000000000' }, body: { note: 'Parity: bank transfer' }, expect: 404 },
      { name: 'refuses a pay-out without a note', as: 'admin', params: { id: 'GO-00000000000000000000000000000000' }, body: {}, expect: 400 },
    ],
  },
  // Remote commands: a one-station firmware rollout whose failed result stops it (commandResult cancels the job), and
  // a restart left in progress for the abort.
  'Api/adminCreateCommand': {
    http: [
      {
        name: 'sends a firmware update to the station as an IoT job of its first step',
        as: 'admin',
        body: (s) => ({ type: 'firmware', version: 'parity-2.0.0', rollout: { stepPercent: 50, abortFailurePercent: 0 }, target: { stationIds: [s.station.id] } }),
        expect: 201,
        check: ({ body }, s) => {
          const id = String(record(body).id);
          s.values.commandId = id;
          const job = s.app.cloud.iot.snapshot().jobs.find((j) => j.id === `${id}_1`);
          return is(job?.targets.length === 1 && job.targets[0]!.endsWith(`:thing/${s.station.id}`), `IoT holds ${JSON.stringify(job)}`) ??
            is(record(job?.document).type === 'firmware', `document ${JSON.stringify(job?.document)}`);
        },
      },
      {
        name: 'sends a restart (left in progress for the abort)',
        as: 'admin',
        body: (s) => ({ type: 'restart', target: { stationIds: [s.station.id] } }),
        expect: 201,
        check: ({ body }, s) => void (s.values.abortCommandId = record(body).id),
      },
      { name: 'refuses an unknown station', as: 'admin', body: { type: 'restart', target: { stationIds: ['PRT-000001'] } }, expect: 400 },
      notAdmin({ body: (s) => ({ type: 'restart', target: { stationIds: [s.station.id] } }) }),
    ],
  },
  'Api/adminListCommands': {
    http: [{ name: 'lists the commands newest first', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body)[0]?.id === s.values.abortCommandId, `list ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetCommand': {
    http: [
      { name: "reads the command and the station's execution", as: 'admin', params: (s) => ({ id: String(s.values.commandId) }), expect: 200, check: ({ body }) => is(list(record(body).executions)[0]?.status === 'queued', `command ${JSON.stringify(body)}`) },
      { name: 'answers 404 for an unknown command', as: 'admin', params: { id: 'no-such-command' }, expect: 404 },
    ],
  },
  'Stations/commandResult': {
    topic: [
      {
        name: "records the station's progress",
        topic: (s) => `stations/${s.station.id}/command/progress`,
        payload: (s) => ({ jobId: `${String(s.values.commandId)}_1`, progress: 40 }),
        check: (result) => is(result === 'recorded', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'ends the execution failed: past the threshold, the rollout stops and its job is canceled',
        topic: (s) => `$aws/events/jobExecution/${String(s.values.commandId)}_1/failed`,
        payload: (s) => ({
          eventType: 'JOB_EXECUTION', eventId: newKey(), timestamp: Math.floor(Date.now() / 1000), operation: 'failed', jobId: `${String(s.values.commandId)}_1`,
          thingArn: `arn:aws:iot:ap-southeast-1:123456789012:thing/${s.station.id}`, status: 'FAILED', statusDetails: { reason: 'image verification failed' },
        }),
        check: (result, s) => {
          const job = s.app.cloud.iot.snapshot().jobs.find((j) => j.id === `${String(s.values.commandId)}_1`);
          return is(result === 'recorded', `outcome ${JSON.stringify(result)}`) ?? is(job?.status === 'CANCELED', `job ${JSON.stringify(job)}`);
        },
      },
      {
        name: 'changes nothing on the same result again',
        topic: (s) => `$aws/events/jobExecution/${String(s.values.commandId)}_1/failed`,
        payload: (s) => ({ eventType: 'JOB_EXECUTION', operation: 'failed', jobId: `${String(s.values.commandId)}_1`, thingArn: `arn:aws:iot:ap-southeast-1:123456789012:thing/${s.station.id}`, status: 'FAILED' }),
        check: (result) => is(result === 'unchanged', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a result of an unknown job',
        topic: '$aws/events/jobExecution/no-such-command_1/succeeded',
        payload: { eventType: 'JOB_EXECUTION', operation: 'succeeded', jobId: 'no-such-command_1', thingArn: 'arn:aws:iot:x:1:thing/PRT-000001', status: 'SUCCEEDED' },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/adminAbortCommand': {
    http: [
      { name: 'aborts the restart in progress and cancels its job', as: 'admin', params: (s) => ({ id: String(s.values.abortCommandId) }), expect: 200, check: ({ body }) => is(record(body).status === 'aborted', `command ${JSON.stringify(body)}`) },
      { name: 'answers 409 once it has finished', as: 'admin', params: (s) => ({ id: String(s.values.abortCommandId) }), expect: 409 },
    ],
  },
  'Api/adminLogout': {
    http: [{ name: 'signs the admin out everywhere', as: 'admin', expect: 200 }, notAdmin()],
  },

};

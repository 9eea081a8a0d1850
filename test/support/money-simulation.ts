import { importSPKI } from 'jose';
import { SandboxGateway, sandboxRefunds, sandboxRule } from '@functions/adapters/sandbox-gateway/gateway';
import type { Services } from '@functions/composition';
import { sweepExpiredSessions } from '@functions/domain/vend-sweep';
import { type VendDeps } from '@functions/domain/vend';
import type { LedgerEntry, LedgerTotals } from '@functions/ports/ledger';
import type { PaymentMethod } from '@shared/schemas';
import type { LocalOutputs } from '@infra/local/stack';
import { SimStation } from '@infra/local/simulator';
import { newAccountWith, signInWith } from './cognito';

/**
 * The money-conservation simulation (issue 14): vends over the real broker (simulated stations with their own
 * certificates, speaking docs/station-protocol.md) and DynamoDB Local, top-ups through the HTTP API and the sandbox
 * gateway, with random delays, duplicated, reordered and late completions (delivered after the sweep released the
 * hold), malformed payloads, stations that drop their connection mid-vend, clocks that drift, and gateway
 * notifications duplicated, reordered, replayed with forged statuses and forged refunds. Then it checks, from the
 * table, that every millilitre is charged (on time, late, or owed) or held by an open incident, that every credit is
 * a payment the gateway confirms, that every balance is the sum of its entries and never negative, that nothing is
 * credited twice, and that the running totals match the entries.
 *
 * Vends run in waves, one per connected station at a time; each wave ends with the sweep run as if its 3 minutes had
 * passed, so that completions held back are delivered after it (late), possibly waves later.
 */

export interface MoneyOptions {
  outputs: LocalOutputs;
  vends: number;
  stations: number;
  users: number;
  seed?: number;
  log?: (line: string) => void;
}

interface Invariant {
  name: string;
  checked: number;
  violations: number;
  examples: string[];
}

export interface MoneyReport {
  seed: number;
  vends: number;
  notifications: number;
  unexplained: number;
  paths: Record<string, number>;
  outcomes: Record<string, number>;
  notificationKinds: Record<string, number>;
  invariants: Invariant[];
  /** The printed report; its last line is `money: N vends, M notifications, U unexplained`. */
  lines: string[];
  seconds: number;
}

/** A small seeded generator, so that a failing run can be repeated with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    weighted: <T extends string>(weights: Record<T, number>): T => {
      const entries = Object.entries(weights) as [T, number][];
      let roll = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [key, weight] of entries) if ((roll -= weight) < 0) return key;
      return entries.at(-1)![0];
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over the items `size` at a time, in order. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

/** What the simulation asks a station to do with a vend, and so what the ledger must show. */
const VEND_PATHS = {
  /** Completed promptly, after a random delay. */
  prompt: 42,
  /** The same completion two or three times, one of them after the settlement. */
  duplicate: 8,
  /** A meter that does not round: 250.5 ml, charged 250. */
  fractional: 5,
  /** Nothing dispensed: vend/failed. */
  failed: 5,
  /** Customer walked away: vend/complete with 0 ml. */
  zero: 3,
  /** The completion is held back and delivered after the sweep released the hold, one to three waves later. */
  late: 10,
  /** The station loses its connection right after the authorization, dispenses, and delivers from its outbox later (before or after the sweep). */
  disconnect: 8,
  /** A malformed completion, then the station's valid retry. */
  malformedRetry: 5,
  /** A malformed completion that an operator resolves with the volume dispensed. */
  malformedOperator: 3,
  /** A malformed completion nobody resolves: the incident and its hold stay open. */
  malformedOpen: 2,
  /** A stale malformed copy arriving after the valid completion (reordered). */
  reordered: 3,
  /** A refill paid with Google Pay in the app: vend/authorized without a request (remote start). */
  remote: 4,
  /** A token presented a second time: denied. */
  reusedToken: 2,
} as const;
type VendPath = keyof typeof VEND_PATHS;

const MALFORMED: ((truth: number, maxMl: number) => Record<string, unknown>)[] = [
  (truth) => ({ dispensedMl: String(truth) }),
  () => ({ dispensedMl: -1 }),
  (_, maxMl) => ({ dispensedMl: maxMl + 250 }),
  () => ({}),
  () => ({ dispensedMl: null }),
  (truth) => ({ dispensedMl: { ml: truth } }),
];

interface Session {
  id: string;
  userSub: string;
  stationId: string;
  path: VendPath;
  /** What the station really dispensed (whole ml). */
  truth: number;
  maxMl: number;
  pricePerLitre: number;
  /** Whether the final state may still be an open incident. */
  mayStayOpen: boolean;
  /** A remote start: what was dispensed is what the station did with the authorization, if it ever got one. */
  remoteAt?: SimStation;
}

interface Order {
  id: string;
  userSub: string;
  amount: number;
  method: PaymentMethod;
  kind: 'topup' | 'purchase';
  at: number;
}

interface User {
  sub: string;
  token: string;
  /** Thin wallets are topped up rarely and with little, so late completions find them short. */
  thin: boolean;
  topupInFlight: boolean;
  lastToken?: string;
}

export async function runMoneySimulation(options: MoneyOptions): Promise<MoneyReport> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rnd = generator(seed);
  const log = options.log ?? (() => undefined);
  const { outputs } = options;
  const { dynamodb, stations: broker, cognito } = outputs;
  if (outputs.payments.provider !== 'sandbox' || !outputs.payments.sandboxServerKey) throw new Error('the money simulation needs the sandbox gateway');

  Object.assign(process.env, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: dynamodb.tableName, DYNAMODB_ENDPOINT: dynamodb.endpoint, AWS_REGION: dynamodb.region,
    LOCAL_CA_DIR: broker.caDir, SIGNING_KEY_FILE: broker.signingKeyFile, LOCAL_BROKER_URL: broker.broker,
  });
  const { services } = await import('@functions/composition');
  const { vendDeps } = await import('@functions/providers/vend');
  const { issueNfcToken } = await import('@functions/domain/nfc-token');
  const { orderIdFor } = await import('@functions/domain/payment-orders');
  const svc: Services = services();
  const deps: VendDeps = vendDeps();
  const sandbox = new SandboxGateway({ serverKey: outputs.payments.sandboxServerKey });
  const settings = await svc.settings.get();

  const paths: Record<string, number> = {};
  const topups: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  const count = (into: Record<string, number>, key: string, n = 1) => void (into[key] = (into[key] ?? 0) + n);
  const problems: string[] = [];

  const api = async (path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(outputs.api + path, {
      method: init.method ?? 'GET',
      headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };

  // Entries from now on; the totals are read after, so an entry written in between is counted on both sides.
  const windowStart = new Date().toISOString();
  const totalsBefore = await svc.ledger.totals();

  // --- people and stations ------------------------------------------------------------------------------
  const adminAccount = cognito.accounts.find((a) => a.role === 'admin')!;
  const adminToken = await signInWith(cognito, adminAccount.username, adminAccount.password);
  log(`money: seed ${seed}; creating ${options.users} accounts and ${options.stations} stations`);
  // One at a time: cognito-local rewrites its user store file on every sign-up.
  const users: User[] = await inBatches(Array.from({ length: options.users }, (_, i) => i), async (i) => {
    const account = await newAccountWith(outputs, `money${i}`);
    return { sub: account.sub, token: account.token, thin: i % 4 === 3, topupInFlight: false };
  }, 1);
  const thinUsers = users.filter((u) => u.thin);
  /** Thin wallets vend often, so that late completions find them short. */
  const pickUser = () => (thinUsers.length && rnd.chance(0.4) ? rnd.pick(thinUsers) : rnd.pick(users));
  const base = rnd.int(100_000, 800_000);
  const stations = await inBatches(Array.from({ length: options.stations }, (_, i) => i), async (i) => {
    const id = `MNY-${String(base + i).padStart(6, '0')}`;
    const res = await api('/api/admin/machines', {
      method: 'POST', token: adminToken,
      json: { id, name: `Money station ${i}`, location: 'Jl. Simulasi 1, Denpasar, Bali', latitude: '-8.65', longitude: '115.21', status: 'online' },
    });
    if (res.status !== 201) throw new Error(`provisioning ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    const { bundle } = res.body;
    // Clocks: most right, some off within the leeway, some far enough off to need a resync.
    const skew = rnd.weighted({ none: 70, near: 15, far: 15 });
    const clockSkewMs = skew === 'none' ? 0 : skew === 'near' ? rnd.int(-25_000, 25_000) : rnd.pick([rnd.int(-70_000, -40_000), rnd.int(95_000, 120_000)]);
    return new SimStation(
      { id, certificatePem: bundle.certificatePem, privateKeyPem: bundle.privateKeyPem, caPem: bundle.rootCaPem },
      { brokerUrl: bundle.endpoint, vendPublicKey: await importSPKI(bundle.vendPublicKeyPem, 'ES256'), clockSkewMs },
    );
  });
  await Promise.all(stations.map(async (s) => {
    await s.connect();
    await s.heartbeat();
  }));
  const heartbeats = setInterval(() => {
    for (const s of stations) if (s.connected) s.heartbeat().catch(() => undefined);
  }, 20_000);

  // --- money in: top-ups, their notifications and the simulation's own copies of them ------------------
  const orders: Order[] = [];
  const inFlight = new Set<Promise<unknown>>();
  /** Work left running in the background (top-ups, notification copies); its failures are problems, never lost. */
  const track = (work: Promise<unknown>): void => {
    const tracked: Promise<unknown> = work
      .catch((error: unknown) => void problems.push(`background work: ${(error as Error).message}`))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  let posted = 0;
  const notify = async (body: Record<string, unknown>, kind: string, expect: number[]) => {
    posted++;
    count(kinds, kind);
    const res = await api('/api/payments/notification', { method: 'POST', json: body });
    if (!expect.includes(res.status)) problems.push(`notification ${kind} for ${body.order_id as string}: answered ${res.status} ${JSON.stringify(res.body)}`);
  };
  const bodyOf = (order: Order, status: string, extra: Record<string, unknown> = {}) => ({
    ...sandbox.notificationBody({ orderId: order.id, amount: order.amount, method: order.method, transactionId: crypto.randomUUID() }, status, new Date()),
    ...extra,
  });
  /** Copies of the gateway's notifications: duplicated, reordered, replayed with a forged status, made-up refunds. */
  const chaos = async (order: Order) => {
    const rule = sandboxRule(order.amount);
    const card = order.method === 'google_pay';
    const paid = card ? 'capture' : 'settlement';
    const refunded = sandboxRefunds(order.id, order.amount);
    const jobs: Promise<void>[] = [];
    if (!card && rnd.chance(0.3)) jobs.push(notify(bodyOf(order, 'settlement'), 'early settlement (before the gateway settled; unconfirmed)', [200]));
    await sleep(rnd.int(1_100, 1_600));
    if (rule === 'pay' || rule === 'refund' || rule === 'partial-refund') {
      for (let i = rnd.int(1, 3); i > 0; i--) jobs.push(notify(bodyOf(order, refunded && rnd.chance(0.5) ? refunded.status : paid), 'duplicate of a real notification', [200]));
      if (!card && rnd.chance(0.5)) jobs.push(notify(bodyOf(order, 'pending'), 'pending after settlement (reordered)', [200]));
      if (rnd.chance(0.5)) jobs.push(notify({ ...bodyOf(order, 'pending'), transaction_status: paid, fraud_status: 'accept' }, 'signed pending rewritten to settlement (forged status)', [403]));
      if (rnd.chance(0.4)) jobs.push(notify({ ...bodyOf(order, paid), transaction_status: 'refund', refunds: [{ refund_chargeback_id: 9, refund_amount: `${order.amount}.00`, refund_key: `made-up-${crypto.randomUUID()}` }] }, 'made-up refund key (forged refund)', [200]));
      if (refunded && rnd.chance(0.6)) {
        const real = refunded.refunds[0]!;
        jobs.push(notify({ ...bodyOf(order, refunded.status), refunds: [{ refund_chargeback_id: 1, refund_amount: `${real.amount * 2}.00`, refund_key: real.key }] }, 'real refund key with a raised amount (forged refund)', [200]));
        jobs.push(notify(bodyOf(order, refunded.status), 'refund replayed', [200]));
      }
      if (rnd.chance(0.2)) jobs.push(notify({ ...bodyOf(order, paid), transaction_status: 'cancel' }, 'settlement rewritten to cancel (unconfirmed)', [200]));
    } else if (rule === 'unpaid' || rule === 'decline') {
      jobs.push(notify(bodyOf(order, paid), 'signed settlement of an unpaid or declined order (unconfirmed)', [200]));
    }
    if (rnd.chance(0.2)) jobs.push(notify({ ...bodyOf(order, paid), signature_key: 'f'.repeat(128) }, 'forged signature', [403]));
    await Promise.all(jobs);
  };

  const topup = async (user: User) => {
    user.topupInFlight = true;
    try {
      const rule = rnd.weighted({ pay: 66, decline: 8, unpaid: 8, refund: 9, partial: 9 });
      const base = user.thin ? rnd.pick([10_000, 12_000]) : rnd.int(10, 40) * 1_000;
      const amount = base + { pay: 0, decline: 13, unpaid: 17, refund: 21, partial: 23 }[rule];
      const method: PaymentMethod = rnd.chance(0.3) ? 'google_pay' : rnd.pick(['qris', 'gopay', 'ovo'] as const);
      const res = await api('/api/wallet/topup', {
        method: 'POST', token: user.token, headers: { 'idempotency-key': crypto.randomUUID() },
        json: { amount, paymentMethod: method, ...(method === 'google_pay' ? { walletToken: 'sandbox-google-pay' } : {}) },
      });
      if (res.status !== 202) throw new Error(`top-up: ${res.status} ${JSON.stringify(res.body)}`);
      const order: Order = { id: res.body.id, userSub: user.sub, amount, method, kind: 'topup', at: Date.now() };
      orders.push(order);
      count(topups, `${sandboxRule(amount)}${method === 'google_pay' ? ' (card wallet)' : ''}`);
      await chaos(order);
      // Paid top-ups settle within a second, refunds a little later.
      await sleep(800);
    } finally {
      user.topupInFlight = false;
    }
  };
  for (const user of users) track(topup(user));
  await Promise.all([...inFlight]);

  // --- vends in waves --------------------------------------------------------------------------------
  const sessions: Session[] = [];
  /** Sessions whose final message is held back past this wave's sweep. */
  const heldBack = new Set<string>();
  /** Work held back to a later wave: late completions, reconnections, malformed retries, operator resolutions. */
  const later = new Map<number, (() => Promise<void>)[]>();
  /** After the last wave: held-back work goes out without waiting any more. */
  let draining = false;
  const defer = (wave: number, job: () => Promise<void>) => later.set(wave, [...(later.get(wave) ?? []), job]);
  const busy = new Set<SimStation>();
  let vends = 0;
  let wave = 0;
  const balanceOf = async (sub: string) => (await svc.users.get(sub))?.balance ?? 0;

  const waitClosed = async (ids: string[], done: (s: Awaited<ReturnType<typeof svc.vendSessions.get>>, id: string) => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    let pending = ids;
    while (pending.length && Date.now() < deadline) {
      const states = await Promise.all(pending.map(async (id) => [id, await done(await svc.vendSessions.get(id), id)] as const));
      pending = states.filter(([, ok]) => !ok).map(([id]) => id);
      if (pending.length) await sleep(120);
    }
    return pending;
  };

  const vend = async (station: SimStation, path: VendPath, user: User): Promise<string | null> => {
    vends++;
    count(paths, path);
    const truth = rnd.chance(0.1) ? 0 : rnd.int(150, 1_500);
    if (path === 'remote') {
      const ml = rnd.pick([300, 500, 600, 750, 1_000, 1_200, 1_500]);
      const taken = rnd.chance(0.3) ? rnd.int(50, ml) : ml;
      station.remoteStart = { volumeMl: taken, flowMlPerSecond: Infinity };
      const key = crypto.randomUUID();
      const res = await api('/api/purchase', {
        method: 'POST', token: user.token, headers: { 'idempotency-key': key },
        json: { machineId: station.id, volume: ml / 1000, walletToken: 'sandbox-google-pay', paymentMethod: 'google_pay' },
      });
      // Paid either way when the card was charged: a station that went away leaves the money in the wallet (409).
      const order: Order = { id: orderIdFor('purchase', user.sub, key), userSub: user.sub, amount: ml, method: 'google_pay', kind: 'purchase', at: Date.now() };
      if (await svc.paymentOrders.get(order.id)) orders.push(order);
      if (res.status !== 201) {
        count(outcomes, `remote start refused (${res.status}), paid amount left in the wallet`);
        return null;
      }
      const sessionId = res.body.sessionId as string;
      sessions.push({ id: sessionId, userSub: user.sub, stationId: station.id, path, truth: 0, maxMl: ml, pricePerLitre: settings.pricePerLitre, mayStayOpen: false, remoteAt: station });
      track(chaos(order));
      return sessionId;
    }
    let token: string;
    if (path === 'reusedToken' && user.lastToken) token = user.lastToken;
    else {
      try {
        token = (await issueNfcToken({ sub: user.sub, username: user.sub, email: null, givenName: null, familyName: null }, svc)).token;
      } catch {
        count(outcomes, 'no token: balance below the minimum (app refuses)');
        return null;
      }
    }
    user.lastToken = token;
    const answer = await station.requestVend(token, 8_000);
    if (answer.kind === 'denied') {
      count(outcomes, `denied: ${answer.message.reason}`);
      return null;
    }
    const { sessionId, maxMl } = answer.message;
    const check = await station.checkVendToken(answer.message);
    if (!check.ok) {
      problems.push(`${station.id}: vend token of ${sessionId} refused: ${check.detail}`);
      await station.fail(sessionId, `vend token rejected: ${check.detail}`);
      sessions.push({ id: sessionId, userSub: user.sub, stationId: station.id, path: 'failed', truth: 0, maxMl, pricePerLitre: settings.pricePerLitre, mayStayOpen: false });
      return sessionId;
    }
    const dispensed = Math.min(truth, maxMl);
    const s: Session = { id: sessionId, userSub: user.sub, stationId: station.id, path, truth: dispensed, maxMl, pricePerLitre: settings.pricePerLitre, mayStayOpen: path === 'malformedOpen' };
    sessions.push(s);
    await sleep(rnd.int(0, 150));
    switch (path) {
      case 'prompt':
      case 'reusedToken':
        await station.complete(sessionId, dispensed);
        break;
      case 'zero':
        s.truth = 0;
        await station.complete(sessionId, 0);
        break;
      case 'failed':
        s.truth = 0;
        await station.fail(sessionId, 'valve did not open');
        break;
      case 'fractional':
        await station.complete(sessionId, dispensed + 0.5);
        break;
      case 'duplicate':
        await Promise.all([station.complete(sessionId, dispensed), station.publishCompletion({ sessionId, dispensedMl: dispensed })]);
        defer(wave + 1, again(station, { sessionId, dispensedMl: dispensed }));
        break;
      case 'reordered':
        await station.complete(sessionId, dispensed);
        defer(wave + 1, again(station, { sessionId, ...MALFORMED[0]!(dispensed, maxMl) }));
        break;
      case 'late': {
        // Held back past the sweep; delivered one to three waves later (sometimes twice). A thin wallet's station
        // stays away until the wallet was spent elsewhere (at most five more waves), so that some water is owed.
        heldBack.add(sessionId);
        const deliver = (waitsLeft: number) => async (): Promise<void> => {
          if (user.thin && waitsLeft > 0 && !draining && (await balanceOf(user.sub)) >= dispensed) {
            defer(wave + 1, deliver(waitsLeft - 1));
            return;
          }
          await station.complete(sessionId, dispensed);
          if (rnd.chance(0.3)) await again(station, { sessionId, dispensedMl: dispensed })();
        };
        defer(wave + rnd.int(1, 3), deliver(5));
        break;
      }
      case 'disconnect': {
        station.drop();
        await station.complete(sessionId, dispensed);
        const back = async () => {
          await station.connect();
          await station.heartbeat();
          busy.delete(station);
        };
        busy.add(station);
        // Back before the sweep (settled on time), or after it (settled late).
        if (rnd.chance(0.5)) await sleep(rnd.int(50, 300)).then(back);
        else {
          heldBack.add(sessionId);
          defer(wave + rnd.int(1, 2), back);
        }
        break;
      }
      case 'malformedRetry':
      case 'malformedOperator':
      case 'malformedOpen': {
        await station.publishCompletion({ sessionId, ...rnd.pick(MALFORMED)(dispensed, maxMl) });
        if (path === 'malformedRetry') defer(wave + rnd.int(0, 2), () => station.complete(sessionId, dispensed));
        if (path === 'malformedOperator') {
          defer(wave + rnd.int(1, 2), async () => {
            const res = await api(`/api/admin/incidents/${encodeURIComponent(sessionId)}/resolve`, { method: 'POST', token: adminToken, json: { dispensedMl: dispensed, note: 'from the station counters' } });
            if (res.status !== 200) problems.push(`operator resolution of ${sessionId}: ${res.status} ${JSON.stringify(res.body)}`);
          });
        }
        break;
      }
    }
    return sessionId;
  };

  /** A copy the network delivers again: only while the station is connected (a disconnected station sends nothing). */
  const again = (station: SimStation, body: Record<string, unknown>) => async () => {
    if (station.connected) await station.publishCompletion(body);
    else count(outcomes, 'network duplicate not sent (station offline)');
  };

  const runLater = async (w: number) => {
    const jobs = later.get(w) ?? [];
    later.delete(w);
    await Promise.all(jobs.map((job) => job().catch((error: unknown) => void problems.push(`held-back job: ${(error as Error).message}`))));
  };

  const time: Record<string, number> = { setup: Date.now() - started };
  const timed = async <T,>(phase: string, work: Promise<T>) => {
    const t = Date.now();
    try {
      return await work;
    } finally {
      time[phase] = (time[phase] ?? 0) + Date.now() - t;
    }
  };
  const futureSweep = () => sweepExpiredSessions(deps, new Date(Date.now() + (settings.vendTokenExpirySeconds + 125) * 1000));
  let sweeps = { expired: 0, errors: 0 };
  let lastProgress = Date.now();
  while (vends < options.vends) {
    wave++;
    // Keep wallets funded (thin ones rarely); top-ups settle in the background.
    for (const user of users) {
      if (user.topupInFlight) continue;
      const balance = await balanceOf(user.sub);
      if (balance < (user.thin ? 2_500 : 8_000) && (!user.thin || rnd.chance(0.25))) track(topup(user));
    }
    const free = stations.filter((s) => s.connected && !busy.has(s));
    const opened = await timed('vends', Promise.all(free.slice(0, options.vends - vends).map((station) => {
      const user = pickUser();
      return vend(station, user.thin && rnd.chance(0.2) ? 'late' : rnd.weighted(VEND_PATHS), user);
    }).map((vended, i) => vended.catch((error: unknown) => {
      const station = free[i]!;
      problems.push(`vend at ${station.id}: ${(error as Error).message}`);
      return null;
    }))));
    const mine = opened.filter((id): id is string => Boolean(id));
    // Wait for what was reported in this wave: settled, released, or held by an incident.
    const expectNow = sessions.filter((s) => mine.includes(s.id) && !heldBack.has(s.id));
    await timed('waiting for settlements', waitClosed(expectNow.map((s) => s.id), async (state, id) => state?.status !== 'open' || Boolean(state?.incident) || (await svc.vendSessions.incident(id)) !== null, 10_000));
    const report = await timed('sweeps', futureSweep());
    sweeps = { expired: sweeps.expired + report.expired, errors: sweeps.errors + report.errors };
    await timed('held-back work', runLater(wave));
    if (Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      log(`money: ${vends}/${options.vends} vends, ${posted} notifications posted, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  const endOfWaves = Date.now();
  // Everything still held back goes out now, then one more sweep and the rest.
  draining = true;
  while (later.size) await runLater(Math.min(...later.keys()));
  await futureSweep();
  for (const station of stations) if (!station.connected) await station.connect().then(() => station.heartbeat());
  await Promise.all([...inFlight]);
  await waitClosed(sessions.filter((s) => !s.mayStayOpen).map((s) => s.id), (state) => state?.status !== 'open', 30_000);
  // Let the gateway's last notifications (refunds) land.
  await sleep(1_500);
  time['after the waves'] = Date.now() - endOfWaves;
  clearInterval(heartbeats);
  await Promise.all(stations.map((s) => s.close()));

  // --- invariants -----------------------------------------------------------------------------------
  const invariants: Invariant[] = [];
  const check = (name: string) => {
    const inv: Invariant = { name, checked: 0, violations: 0, examples: [] };
    invariants.push(inv);
    return (ok: boolean, example: () => string) => {
      inv.checked++;
      if (!ok) {
        inv.violations++;
        if (inv.examples.length < 5) inv.examples.push(example());
      }
    };
  };
  const entriesOf = new Map<string, LedgerEntry[]>();
  for (const user of users) {
    const items: LedgerEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await svc.ledger.entries(user.sub, { limit: 100, cursor });
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    entriesOf.set(user.sub, items);
  }
  const allEntries = [...entriesOf.values()].flat();
  const byKey = (key: string, userSub: string) => (entriesOf.get(userSub) ?? []).filter((e) => e.idempotencyKey === key);

  // 1. Every vend: charged = dispensed (whole ml, within the authorization), on time or late (what the balance did
  // not cover owed), or held by an open incident with its reason.
  const vendCheck = check('every vend: charged = dispensed (on time, late, or owed), or an open incident with its reason');
  for (const s of sessions) {
    const remote = s.remoteAt?.remoteStarts.find((r) => 'sessionId' in r && r.sessionId === s.id);
    if (s.remoteAt) s.truth = remote?.outcome === 'completed' ? remote.volumeMl : 0;
    const session = await svc.vendSessions.get(s.id);
    const expected = Math.min(s.maxMl, s.truth) * s.pricePerLitre / 1000;
    const incident = await svc.vendSessions.incident(s.id);
    if (!session) {
      vendCheck(false, () => `${s.id}: no session`);
      continue;
    }
    if (session.status === 'open') {
      const held = incident?.status === 'open' && Boolean(incident.lastReport.reason) && (await svc.ledger.getHold(s.id))?.status === 'open';
      count(outcomes, held ? 'open incident, hold kept (nobody resolved it)' : 'still open (unexplained)');
      vendCheck(held && s.mayStayOpen, () => `${s.id} (${s.path}): open, incident ${incident?.status ?? 'none'}`);
      continue;
    }
    const hold = await svc.ledger.getHold(s.id);
    const late = byKey(`late:${s.id}`, s.userSub);
    const lateCharged = late.reduce((sum, e) => sum - e.amount + (e.owed ?? 0), 0);
    const owed = late.reduce((sum, e) => sum + (e.owed ?? 0), 0);
    const charged = (hold?.status === 'settled' ? hold.charged ?? 0 : 0) + lateCharged;
    const outcome = session.settledLate ? (owed ? 'settled late, partly owed (receivable)' : 'settled late (after the sweep)')
      : session.status === 'completed' ? 'settled on time' : `${session.status}, hold released`;
    count(outcomes, outcome);
    if (incident) count(outcomes, incident.status === 'resolved' ? `incident resolved by ${incident.resolution!.by.split(':')[0]}` : 'incident left open on a closed session');
    vendCheck(charged === expected && (session.status !== 'completed' || session.dispensedMl === Math.min(s.maxMl, s.truth)) && (!incident || incident.status === 'resolved'),
      () => `${s.id} (${s.path}): dispensed ${s.truth} ml, expected Rp ${expected}, charged Rp ${charged} (${session.status}${session.settledLate ? ', late' : ''}, hold ${hold?.status})`);
  }

  // 2. Every credit is a payment the gateway confirms; every order credited at most once, refunded at most what
  // the gateway refunded and never more than was paid.
  const creditCheck = check('every credit: a settlement the gateway confirms, once, refunds exactly as the gateway lists them');
  for (const order of orders) {
    const stored = await svc.paymentOrders.get(order.id);
    if (!stored) {
      creditCheck(false, () => `${order.id}: no order`);
      continue;
    }
    const status = await sandbox.status({ orderId: order.id, amount: order.amount, method: order.method, createdAt: stored.createdAt });
    const credits = byKey(order.id, order.userSub).filter((e) => e.type === 'topup');
    const paidByGateway = status?.outcome === 'settled' || status?.outcome === 'refunded';
    const refundsListed = Math.min(order.amount, (status?.refunds ?? []).reduce((sum, r) => sum + r.amount, 0));
    const refundEntries = (entriesOf.get(order.userSub) ?? []).filter((e) => e.idempotencyKey.startsWith(`refund:${order.id}:`));
    const refundKeys = new Set(refundEntries.map((e) => e.idempotencyKey));
    const refunded = refundEntries.reduce((sum, e) => sum - e.amount + (e.owed ?? 0), 0);
    count(outcomes, `order ${order.kind}: ${paidByGateway ? (refundsListed ? 'paid, refunded' : 'paid') : status?.gatewayStatus ?? 'unknown to the gateway'}`);
    creditCheck(
      (paidByGateway ? credits.length === 1 && credits[0]!.amount === order.amount : credits.length === 0) && refunded === refundsListed && refundKeys.size === (status?.refunds ?? []).length,
      () => `${order.id} (${order.amount}): gateway ${status?.gatewayStatus}, ${credits.length} credits, refunded Rp ${refunded} of Rp ${refundsListed} listed`,
    );
  }
  const orderIds = new Set(orders.map((o) => o.id));
  for (const e of allEntries.filter((e) => e.type === 'topup')) creditCheck(orderIds.has(e.idempotencyKey), () => `credit ${e.id} of Rp ${e.amount} for an order the simulation never made (${e.idempotencyKey})`);

  // 3. Balances and receivables are the sums of their entries and never negative; nothing is written twice.
  const balanceCheck = check('every user: balance = sum of entries, owed = sum of owed entries, neither below zero');
  const onceCheck = check('nothing credited or charged twice (one entry per type and idempotency key)');
  for (const user of users) {
    const record = (await svc.users.get(user.sub))!;
    const entries = entriesOf.get(user.sub)!;
    const sum = entries.reduce((s, e) => s + e.amount, 0);
    const owed = entries.reduce((s, e) => s + (e.owed ?? 0), 0);
    balanceCheck(sum === record.balance && owed === (record.owed ?? 0) && record.balance >= 0 && (record.owed ?? 0) >= 0 && entries.every((e) => e.balanceAfter >= 0 && (e.owedAfter ?? 0) >= 0),
      () => `${user.sub}: balance ${record.balance} vs entries ${sum}, owed ${record.owed ?? 0} vs ${owed}`);
    const seen = new Map<string, number>();
    for (const e of entries) seen.set(`${e.type} ${e.idempotencyKey}`, (seen.get(`${e.type} ${e.idempotencyKey}`) ?? 0) + 1);
    for (const [key, n] of seen) onceCheck(n === 1, () => `${user.sub}: ${n} entries for ${key}`);
  }

  // 4. The running totals moved exactly by the entries written meanwhile: the simulation's, and those of accounts
  // outside it (a guest order of an earlier test whose open session the simulation's sweep expired is refunded from
  // the table's stream meanwhile), read from the ledger's collection, newest first.
  const totalsCheck = check('running totals (admin summary) = the sums of the entries');
  const totalsAfter = await svc.ledger.totals();
  const simulated = new Set(users.map((u) => u.sub));
  const others: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await svc.adminQueries.transactions({ limit: 100, cursor });
    const meanwhile = page.items.filter((e) => e.createdAt >= windowStart);
    others.push(...meanwhile.filter((e) => !simulated.has(e.userId)));
    cursor = meanwhile.length === page.items.length ? (page.nextCursor ?? undefined) : undefined;
  } while (cursor);
  if (others.length) log(`money: ${others.length} entries of accounts outside the simulation meanwhile (${[...new Set(others.map((e) => e.type))].join(', ')})`);
  const visible = [...allEntries, ...others].filter((e) => e.type !== 'hold' && e.type !== 'release');
  const delta = (f: (t: LedgerTotals) => number | undefined) => (f(totalsAfter) ?? 0) - (f(totalsBefore) ?? 0);
  for (const type of ['topup', 'purchase', 'adjustment', 'receivable', 'repayment'] as const) {
    const ofType = visible.filter((e) => e.type === type);
    totalsCheck(delta((t) => t.count[type]) === ofType.length, () => `count of ${type}: totals moved ${delta((t) => t.count[type])}, entries ${ofType.length}`);
    totalsCheck(delta((t) => t.sum[type]) === ofType.reduce((s, e) => s + e.amount, 0), () => `sum of ${type}`);
  }
  totalsCheck(delta((t) => t.owed) === visible.reduce((s, e) => s + (e.owed ?? 0), 0), () => 'owed');
  totalsCheck(delta((t) => t.users) === users.length, () => `users: ${delta((t) => t.users)} vs ${users.length}`);

  // 5. Forged or replayed notifications and held-back work answered as expected (collected while running).
  invariants.push({
    name: 'every posted notification answered as expected (forgeries 403, unconfirmed ones 200 and nothing moved), every step done',
    checked: posted, violations: problems.length, examples: problems.slice(0, 5),
  });
  const repayments = allEntries.filter((e) => e.type === 'repayment');
  if (repayments.length) count(outcomes, 'owed amounts paid first from a later top-up', repayments.length);

  const gatewayOwn = orders.reduce((n, o) => {
    const rule = sandboxRule(o.amount);
    const card = o.method === 'google_pay';
    if (rule === 'unpaid') return n + (card ? 0 : 1);
    return n + (card ? 1 : 2) + (sandboxRefunds(o.id, o.amount) ? 1 : 0);
  }, 0);
  count(kinds, "the gateway's own (sandbox schedule)", gatewayOwn);
  const notifications = posted + gatewayOwn;
  const unexplained = invariants.reduce((n, i) => n + i.violations, 0);
  const seconds = Math.round((Date.now() - started) / 1000);

  const lines: string[] = [];
  const table = (title: string, rows: [string, string | number][]) => {
    const width = Math.max(...rows.map(([k]) => k.length), title.length);
    lines.push('', title, '-'.repeat(width + 12));
    for (const [k, v] of rows) lines.push(`${k.padEnd(width)}  ${String(v).padStart(8)}`);
  };
  const sorted = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1]);
  table(`vends by path (seed ${seed}, ${stations.length} stations, ${users.length} users, ${wave} waves, ${sweeps.expired} sessions expired by the sweep)`, sorted(paths));
  table('top-ups by the gateway\'s outcome', sorted(topups));
  table('what the ledger shows', sorted(outcomes));
  table('notifications', sorted(kinds));
  table('invariants (checked / violations)', invariants.map((i) => [i.name, `${i.checked} / ${i.violations}`]));
  for (const i of invariants.filter((x) => x.violations)) for (const e of i.examples) lines.push(`  ! ${e}`);
  table('seconds spent', Object.entries(time).map(([k, ms]) => [k, (ms / 1000).toFixed(1)]));
  lines.push('', `money: ${vends} vends, ${notifications} notifications, ${unexplained} unexplained`);
  return { seed, vends, notifications, unexplained, paths, outcomes, notificationKinds: kinds, invariants, lines, seconds };
}

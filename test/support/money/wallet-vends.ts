import { sandboxRefunds, sandboxRule } from '@functions/wallet/adapters/sandbox-gateway/gateway';
import type { SimStation } from '@infra/local/simulator';
import type { PaymentMethod } from '@shared/schemas/transaction';
import { PATHS, sleep, type PathName, type Sim, type SimOrder, type SimSession, type SimUser } from './kit';

/**
 * The wallet's paths of the money simulation: top-ups and the gateway's notifications (duplicated, reordered, replayed
 * with forged statuses, forged refunds, bad signatures), NFC vends at stations that misbehave in every way the station
 * protocol allows, and remote starts paid with Google Pay.
 */

/** What the simulation asks a station to do with a wallet vend, and so what the ledger must show. */
const WALLET_VEND_KINDS = {
  /** Completed promptly, after a random delay. */
  prompt: 42,
  /** The same completion two or three times, one of them after the settlement. */
  duplicate: 8,
  /** A meter that does not round: 250.5 ml, charged 250. */
  fractional: 5,
  /** Nothing dispensed: vend/failed. */
  failed: 5,
  /** vend/failed, then a completion after all (firmware that metered water after reporting a failure): charged late, a claim on it credited at once. */
  failedThenCompleted: 3,
  /** Customer walked away: vend/complete with 0 ml. */
  zero: 3,
  /** The completion is held back and delivered after the sweep released the hold, one to three waves later. */
  late: 10,
  /** The station loses its connection right after the authorization, dispenses, and delivers from its outbox later (before or after the sweep). */
  disconnect: 8,
  /** A malformed completion, then the station's valid retry. */
  malformedRetry: 5,
  /** A malformed completion that an operator resolves with the volume dispensed. */
  malformedOperator: 5,
  /** A malformed completion nobody resolves: the incident and its hold stay open. */
  malformedOpen: 4,
  /** A stale malformed copy arriving after the valid completion (reordered). */
  reordered: 3,
  /** A token presented a second time: denied. */
  reusedToken: 2,
} as const;
type WalletVendKind = keyof typeof WALLET_VEND_KINDS;

const MALFORMED: ((truth: number, maxMl: number) => Record<string, unknown>)[] = [
  (truth) => ({ dispensedMl: String(truth) }),
  () => ({ dispensedMl: -1 }),
  (_, maxMl) => ({ dispensedMl: maxMl + 250 }),
  () => ({}),
  () => ({ dispensedMl: null }),
  (truth) => ({ dispensedMl: { ml: truth } }),
];

/** A station's part in a wave: the sessions the wave waits for (settled, released or held by an incident) before its sweep. */
export interface StationWork {
  settles: string[];
}

export function walletPaths(sim: Sim, busy: Set<SimStation>) {
  const { rnd, api, svc, paths, records } = sim;
  const thinUsers = sim.users.filter((u) => u.thin);
  const balanceOf = async (sub: string) => (await svc.users.get(sub))?.balance ?? 0;
  const signedBody = (order: SimOrder, status: string, extra: Record<string, unknown> = {}) => ({
    ...sim.signer.notificationBody({ orderId: order.id, amount: order.amount, method: order.method, transactionId: crypto.randomUUID() }, status, new Date()),
    ...extra,
  });

  /** Copies of the gateway's notifications: duplicated, reordered, replayed with a forged status, made-up refunds. */
  const chaos = async (order: SimOrder) => {
    const rule = sandboxRule(order.amount);
    const card = order.method === 'google_pay';
    const paid = card ? 'capture' : 'settlement';
    const refunded = sandboxRefunds(order.id, order.amount);
    const jobs: Promise<void>[] = [];
    const notify = (body: Record<string, unknown>, kind: string, expect: number[]) => jobs.push(sim.notify(order.path, body, kind, expect));
    if (!card && rnd.chance(0.3)) notify(signedBody(order, 'settlement'), 'early settlement (before the gateway settled; unconfirmed)', [200]);
    await sleep(rnd.int(1_100, 1_600));
    if (rule === 'pay' || rule === 'refund' || rule === 'partial-refund') {
      for (let i = rnd.int(1, 3); i > 0; i--) notify(signedBody(order, refunded && rnd.chance(0.5) ? refunded.status : paid), 'duplicate of a real notification', [200]);
      if (!card && rnd.chance(0.5)) notify(signedBody(order, 'pending'), 'pending after settlement (reordered)', [200]);
      if (rnd.chance(0.5)) notify({ ...signedBody(order, 'pending'), transaction_status: paid, fraud_status: 'accept' }, 'signed pending rewritten to settlement (forged status)', [403]);
      if (rnd.chance(0.4)) notify({ ...signedBody(order, paid), transaction_status: 'refund', refunds: [{ refund_chargeback_id: 9, refund_amount: `${order.amount}.00`, refund_key: `made-up-${crypto.randomUUID()}` }] }, 'made-up refund key (forged refund)', [200]);
      if (refunded && rnd.chance(0.6)) {
        const real = refunded.refunds[0]!;
        notify({ ...signedBody(order, refunded.status), refunds: [{ refund_chargeback_id: 1, refund_amount: `${real.amount * 2}.00`, refund_key: real.key }] }, 'real refund key with a raised amount (forged refund)', [200]);
        notify(signedBody(order, refunded.status), 'refund replayed', [200]);
      }
      if (rnd.chance(0.2)) notify({ ...signedBody(order, paid), transaction_status: 'cancel' }, 'settlement rewritten to cancel (unconfirmed)', [200]);
    } else if (rule === 'unpaid' || rule === 'decline') {
      notify(signedBody(order, paid), 'signed settlement of an unpaid or declined order (unconfirmed)', [200]);
    }
    if (rnd.chance(0.2)) notify({ ...signedBody(order, paid), signature_key: 'f'.repeat(128) }, 'forged signature', [403]);
    await Promise.all(jobs);
  };

  /**
   * A top-up through the API, with the gateway's outcome chosen by its amount (sandbox rules), and copies of its
   * notifications; `paid`: one of that amount that the gateway pays.
   */
  const topUp = async (user: SimUser, paid?: number) => {
    user.topupInFlight = true;
    paths.operation(PATHS.topUp);
    try {
      const rule = paid ? 'pay' : rnd.weighted({ pay: 66, decline: 8, unpaid: 8, refund: 9, partial: 9 });
      const base = paid ?? (user.thin ? rnd.pick([10_000, 12_000]) : rnd.int(10, 40) * 1_000);
      const amount = base + { pay: 0, decline: 13, unpaid: 17, refund: 21, partial: 23 }[rule];
      const method: PaymentMethod = rnd.chance(0.3) ? 'google_pay' : rnd.pick(['qris', 'gopay', 'ovo'] as const);
      const res = await api('/api/wallet/topup', {
        method: 'POST', token: user.token, headers: { 'idempotency-key': crypto.randomUUID() },
        json: { amount, paymentMethod: method, ...(method === 'google_pay' ? { walletToken: 'sandbox-google-pay' } : {}) },
      });
      if (res.status !== 202) return paths.unexplained(PATHS.topUp, `top-up: ${res.status} ${JSON.stringify(res.body)}`);
      const order: SimOrder = { id: res.body.id, account: user.sub, amount, method, kind: 'topup', path: PATHS.topUp };
      records.orders.push(order);
      paths.outcome(PATHS.topUp, `asked: ${sandboxRule(amount)}${method === 'google_pay' ? ' (card wallet)' : ''}`);
      await chaos(order);
      // Paid top-ups settle within a second, refunds a little later.
      await sleep(800);
    } finally {
      user.topupInFlight = false;
    }
  };

  /** Keeps wallets funded (thin ones rarely); top-ups settle in the background. */
  const fund = async () => {
    for (const user of sim.users) {
      if (user.topupInFlight) continue;
      const balance = await balanceOf(user.sub);
      if (balance < (user.thin ? 2_500 : 8_000) && (!user.thin || rnd.chance(0.25))) sim.track(PATHS.topUp, topUp(user));
    }
  };

  /** A copy the network delivers again: only while the station is connected (a disconnected station sends nothing). */
  const again = (path: PathName, station: SimStation, body: Record<string, unknown>) => async () => {
    if (station.connected) await station.publishCompletion(body);
    else paths.outcome(path, 'network duplicate not sent (station offline)');
  };

  /** A refill paid with Google Pay in the app: vend/authorized without a request (remote start). */
  const remoteStart = async (station: SimStation, user: SimUser): Promise<StationWork> => {
    const path = PATHS.remoteStart;
    paths.operation(path);
    const ml = rnd.pick([300, 500, 600, 750, 1_000, 1_200, 1_500]);
    const taken = rnd.chance(0.3) ? rnd.int(50, ml) : ml;
    station.remoteStart = { volumeMl: taken, flowMlPerSecond: Infinity };
    const key = crypto.randomUUID();
    const res = await api('/api/purchase', {
      method: 'POST', token: user.token, headers: { 'idempotency-key': key },
      json: { machineId: station.id, volume: ml / 1000, walletToken: 'sandbox-google-pay', paymentMethod: 'google_pay' },
    });
    const { orderIdFor } = await import('@functions/wallet/domain/payment-orders');
    // Paid either way when the card was charged: a station that went away leaves the money in the wallet (409).
    const order: SimOrder = { id: orderIdFor('purchase', user.sub, key), account: user.sub, amount: ml, method: 'google_pay', kind: 'purchase', path };
    if (await svc.paymentOrders.get(order.id)) records.orders.push(order);
    if (res.status !== 201) {
      paths.outcome(path, `refused (${res.status}), paid amount left in the wallet`);
      return { settles: [] };
    }
    const sessionId = res.body.sessionId as string;
    records.sessions.push({ id: sessionId, path, kind: 'remote', account: user.sub, stationId: station.id, truth: 0, maxMl: ml, pricePerLitre: sim.settings.pricePerLitre, mayStayOpen: false, stationSupportsClaim: false, remoteAt: station });
    sim.track(path, chaos(order));
    return { settles: [sessionId] };
  };

  /**
   * The rare kinds whose outcomes even a small run must meet (test/integration/money.test.ts): the first wallet vends
   * take each of them, the rest are drawn by weight.
   */
  const firstKinds: WalletVendKind[] = ['malformedRetry', 'malformedOperator', 'malformedOpen', 'failedThenCompleted', 'malformedRetry', 'malformedOperator', 'late', 'late'];

  /** An NFC vend of `user` at `station`, the station behaving as `kind` says. */
  const walletVend = async (station: SimStation, user: SimUser): Promise<StationWork> => {
    const path = PATHS.walletVend;
    const kind: WalletVendKind = firstKinds.shift() ?? (user.thin && rnd.chance(0.2) ? 'late' : rnd.weighted(WALLET_VEND_KINDS));
    paths.operation(path);
    paths.outcome(path, `station: ${kind}`);
    const truth = rnd.chance(0.1) ? 0 : rnd.int(150, 1_500);
    let token: string;
    if (kind === 'reusedToken' && user.lastToken) token = user.lastToken;
    else {
      try {
        const { issueNfcToken } = await import('@functions/vending/domain/nfc-token');
        token = (await issueNfcToken({ sub: user.sub, username: user.sub, email: null, givenName: null, familyName: null }, svc)).token;
      } catch {
        paths.outcome(path, 'no token: balance below the minimum (app refuses)');
        return { settles: [] };
      }
    }
    user.lastToken = token;
    const answer = await station.requestVend(token, 8_000);
    if (answer.kind === 'denied') {
      paths.outcome(path, `denied: ${answer.message.reason}`);
      return { settles: [] };
    }
    const { sessionId, maxMl } = answer.message;
    const base = { id: sessionId, path, account: user.sub, stationId: station.id, maxMl, pricePerLitre: sim.settings.pricePerLitre, stationSupportsClaim: false };
    const check = await station.checkVendToken(answer.message);
    if (!check.ok) {
      paths.unexplained(path, `${station.id}: vend token of ${sessionId} refused: ${check.detail}`);
      await station.fail(sessionId, `vend token rejected: ${check.detail}`);
      records.sessions.push({ ...base, kind: 'failed', truth: 0, mayStayOpen: false });
      return { settles: [sessionId] };
    }
    const dispensed = Math.min(truth, maxMl);
    const s: SimSession = {
      ...base, kind, truth: dispensed, mayStayOpen: kind === 'malformedOpen',
      stationSupportsClaim: kind === 'failedThenCompleted' || kind === 'malformedRetry' || kind === 'malformedOperator',
    };
    records.sessions.push(s);
    await sleep(rnd.int(0, 150));
    let heldBack = false;
    switch (kind) {
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
      case 'failedThenCompleted':
        await station.fail(sessionId, 'flow sensor timeout');
        sim.defer(path, rnd.int(0, 1), () => station.complete(sessionId, dispensed));
        break;
      case 'fractional':
        await station.complete(sessionId, dispensed + 0.5);
        break;
      case 'duplicate':
        await Promise.all([station.complete(sessionId, dispensed), station.publishCompletion({ sessionId, dispensedMl: dispensed })]);
        sim.defer(path, 1, again(path, station, { sessionId, dispensedMl: dispensed }));
        break;
      case 'reordered':
        await station.complete(sessionId, dispensed);
        sim.defer(path, 1, again(path, station, { sessionId, ...MALFORMED[0]!(dispensed, maxMl) }));
        break;
      case 'late': {
        // Held back past the sweep; delivered one to three waves later (sometimes twice). A thin wallet's station
        // stays away until the wallet was spent elsewhere (at most five more waves), so that some water is owed.
        heldBack = true;
        const deliver = (waitsLeft: number) => async (): Promise<void> => {
          if (user.thin && waitsLeft > 0 && !sim.draining && (await balanceOf(user.sub)) >= dispensed) {
            sim.defer(path, 1, deliver(waitsLeft - 1));
            return;
          }
          await station.complete(sessionId, dispensed);
          if (rnd.chance(0.3)) await again(path, station, { sessionId, dispensedMl: dispensed })();
        };
        sim.defer(path, rnd.int(1, 3), deliver(5));
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
          heldBack = true;
          sim.defer(path, rnd.int(1, 2), back);
        }
        break;
      }
      case 'malformedRetry':
      case 'malformedOperator':
      case 'malformedOpen': {
        await station.publishCompletion({ sessionId, ...rnd.pick(MALFORMED)(dispensed, maxMl) });
        // The retry mostly after the incident was recorded (resolved by the station), sometimes racing it in the same wave.
        if (kind === 'malformedRetry') sim.defer(path, rnd.chance(0.2) ? 0 : rnd.int(1, 2), () => station.complete(sessionId, dispensed));
        if (kind === 'malformedOperator') {
          sim.defer(path, rnd.int(1, 2), async () => {
            const res = await api(`/api/admin/incidents/${encodeURIComponent(sessionId)}/resolve`, { method: 'POST', token: sim.adminToken, json: { dispensedMl: dispensed, note: 'from the station counters' } });
            if (res.status !== 200) paths.unexplained(path, `operator resolution of ${sessionId}: ${res.status} ${JSON.stringify(res.body)}`);
          });
        }
        break;
      }
    }
    return { settles: heldBack ? [] : [sessionId] };
  };

  /** Thin wallets vend often, so that late completions find them short. */
  const pickUser = (free: (u: SimUser) => boolean = () => true) => {
    const thin = thinUsers.filter((u) => !u.offlinePending && free(u));
    const all = sim.users.filter((u) => !u.offlinePending && free(u));
    return thin.length && rnd.chance(0.4) ? rnd.pick(thin) : all.length ? rnd.pick(all) : null;
  };

  return { topUp, fund, walletVend, remoteStart, pickUser };
}

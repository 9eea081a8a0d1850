import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { guestAccountOf } from '@functions/wallet/ports/payment-orders';
import { orderIdFor } from '@functions/wallet/domain/payment-orders';
import { paidSessionId } from '@functions/vending/domain/vend-paid';
import type { SimStation } from '@infra/local/simulator';
import { priceOfMillilitres } from '@shared/money';
import type { MachineStatus } from '@shared/schemas/machine';
import { PATHS, sleep, until, type PathName, type Sim, type SimGuestOrder } from './kit';
import type { StationWork } from './wallet-vends';

/**
 * Guests paying one refill at a station's page (docs/payments.md, "Guest orders"), through the public API and the
 * sandbox gateway, at the same hostile stations: refills dispensed in full or in part (the rest refunded through a
 * gateway that answers 503, loses answers and answers slowly), refunds the gateway refuses (held), a station that
 * sends a malformed completion first, one that reports a failure, payments never made or declined; a station that is
 * unavailable when the payment lands (not started), a payment made after the payment window (paid too late), and a
 * session nobody starts that the sweep expires, completed late by the station after its full refund.
 */

/** How a guest's refill goes (path guest refill). */
const REFILL_KINDS = {
  /** The station dispenses all that was paid. */
  full: 5,
  /** The guest takes part of it: the rest is refunded. */
  partly: 5,
  /** Rp X27: the gateway refuses the refund of the rest, which the guest account holds. */
  refundRefused: 2,
  /** The station sends a malformed completion first (an incident), then its valid one. */
  incident: 2,
  /** The station reports vend/failed: refunded in full. */
  stationFailed: 1,
  /** The guest never pays the QR code (Rp X17). */
  unpaid: 1,
  /** The payment is declined (Rp X13). */
  declined: 1,
} as const;
type RefillKind = keyof typeof REFILL_KINDS;

/** Amounts the sandbox treats by their last two digits (docs/payments.md): a plain payment must end in none of them. */
const RULED_SUFFIXES = [13, 17, 21, 23, 27];
/** Ten minutes, the guest payment window, and a minute more. */
const PAID_TOO_LATE_MS = 11 * 60_000;

export function guestRefills(sim: Sim, setStationStatus: (stationId: string, status: MachineStatus) => Promise<void>) {
  const { rnd, api, svc, paths, records } = sim;
  const price = sim.settings.pricePerLitre;
  /** Guests come from many addresses (each address's unpaid orders are limited). */
  const client = () => ({ 'cloudfront-viewer-address': `${rnd.pick(['198.51.100', '203.0.113', '192.0.2'])}.${rnd.int(1, 254)}:443` });
  const read = (order: SimGuestOrder) => api(`/api/guest/orders/${encodeURIComponent(order.id)}?secret=${encodeURIComponent(order.secret)}`);

  /** A volume (100 to 1,500 ml) whose price ends in `suffix`, or in none of the sandbox's rules when null. */
  const volumeFor = (suffix: number | null) => {
    const start = rnd.int(100, 1_500);
    for (let i = 0; i < 1_401; i++) {
      const ml = 100 + ((start - 100 + i) % 1_401);
      const last = priceOfMillilitres(ml, price) % 100;
      if (suffix === null ? !RULED_SUFFIXES.includes(last) : last === suffix) return ml;
    }
    throw new Error(`no volume costs Rp ...${suffix} at Rp ${price} per litre`);
  };

  /** Orders a refill as the station's page does; null when the order was refused at once (counted). */
  const order = async (path: PathName, station: SimStation, volumeMl: number, method: 'qris' | 'gopay' | 'google_pay', payLater = false): Promise<SimGuestOrder | null> => {
    const key = crypto.randomUUID();
    const orderId = orderIdFor('guest', 'guest', key);
    if (payLater) await sim.gateway.payLater(orderId);
    const res = await api('/api/guest/orders', {
      method: 'POST', headers: { 'idempotency-key': key, ...client() },
      json: { stationId: station.id, volumeMl, paymentMethod: method, ...(method === 'google_pay' ? { walletToken: 'sandbox-google-pay' } : {}), ...(rnd.chance(0.3) ? { email: `guest-${key.slice(0, 8)}@example.com` } : {}) },
    });
    const stored = await svc.paymentOrders.get(orderId);
    const made: SimGuestOrder = { id: orderId, secret: res.body?.secret ?? '', account: guestAccountOf(orderId), amount: stored?.amount ?? 0, method, kind: 'guest', path, volumeMl, stationId: station.id };
    if (stored) records.orders.push(made);
    if (res.status === 422) {
      paths.outcome(path, 'declined at once (card wallet)');
      return null;
    }
    if (res.status !== 201) {
      paths.unexplained(path, `guest order at ${station.id}: ${res.status} ${JSON.stringify(res.body)}`);
      return null;
    }
    records.guestOrders.push(made);
    return made;
  };

  /** Waits for the receipt to be final: a guest whose page is open polls it (which moves the order on), the others do not. */
  const closed = async (guest: SimGuestOrder, pageOpen: boolean) => {
    const done = await until(
      async () => {
        if (pageOpen) return (await read(guest)).body?.status === 'done';
        const stored = await svc.paymentOrders.get(guest.id);
        return stored?.kind === 'guest' && Boolean(stored.closedAt);
      },
      (isDone) => isDone, 20_000, pageOpen ? 400 : 200,
    );
    if (!done) paths.outcome(guest.path, 'not final within the wave (settled later)');
  };

  /** Records the refill's session once it exists (a paid order whose station took it). */
  const recordSession = async (guest: SimGuestOrder, kind: string, truth: number, remoteAt?: SimStation) => {
    const id = paidSessionId(guest.id);
    if (!(await svc.vendSessions.get(id))) return;
    records.sessions.push({
      id, path: guest.path, kind, account: guest.account, stationId: guest.stationId, truth, maxMl: guest.volumeMl, pricePerLitre: price, mayStayOpen: false,
      stationSupportsClaim: kind === 'incident', remoteAt,
    });
  };

  const sessionOpened = (guest: SimGuestOrder) => until(() => svc.vendSessions.get(paidSessionId(guest.id)), (s) => s !== null, 15_000);

  /** Path guest refill. */
  const refill = async (station: SimStation): Promise<StationWork> => {
    const path = PATHS.guestRefill;
    paths.operation(path);
    const kind: RefillKind = rnd.weighted(REFILL_KINDS);
    paths.outcome(path, `guest: ${kind}`);
    const manual = kind === 'incident' || kind === 'stationFailed';
    const method = manual || kind === 'unpaid' ? rnd.pick(['qris', 'gopay'] as const) : rnd.weighted({ qris: 5, gopay: 3, google_pay: 2 });
    const volumeMl = volumeFor(kind === 'refundRefused' ? 27 : kind === 'unpaid' ? 17 : kind === 'declined' ? 13 : null);
    const taken = kind === 'full' ? volumeMl : rnd.int(50, volumeMl - 1);
    station.remoteStart = manual ? { pressStart: false } : { volumeMl: taken, flowMlPerSecond: Infinity };
    const guest = await order(path, station, volumeMl, method);
    if (!guest || kind === 'unpaid' || kind === 'declined') {
      if (guest) await sleep(600);
      return { settles: [] };
    }
    if (manual) {
      const session = await sessionOpened(guest);
      if (!session) {
        paths.unexplained(path, `${guest.id}: paid, but no session opened within 15 s`);
        return { settles: [] };
      }
      const sessionId = session.id;
      if (kind === 'incident') {
        await station.publishCompletion({ sessionId, dispensedMl: String(taken) });
        await sleep(rnd.int(100, 400));
        await station.complete(sessionId, taken);
      } else await station.fail(sessionId, 'valve did not open');
      await recordSession(guest, kind, kind === 'incident' ? taken : 0);
    }
    await closed(guest, rnd.chance(0.5));
    if (!manual) await recordSession(guest, kind, 0, station);
    return { settles: [] };
  };

  /** A guest who pays the QR code once `meanwhile` happened; `after` puts back what it changed. */
  const payingLater = async (station: SimStation, path: PathName, meanwhile: (guest: SimGuestOrder) => Promise<void>, after = async () => {}): Promise<StationWork> => {
    paths.operation(path);
    const guest = await order(path, station, volumeFor(null), rnd.pick(['qris', 'gopay'] as const), true);
    if (!guest) return { settles: [] };
    try {
      await meanwhile(guest);
      await sim.gateway.pay(guest.id);
      await closed(guest, rnd.chance(0.5));
    } finally {
      await after();
    }
    return { settles: [] };
  };

  /** Path guest not started: the station goes into maintenance between the order and its payment; refunded in full. */
  const notStarted = (station: SimStation) =>
    payingLater(station, PATHS.guestNotStarted, () => setStationStatus(station.id, 'maintenance'), () => setStationStatus(station.id, 'online'));

  /** Path guest paid too late: the payment lands eleven minutes after the order (the order's time moved back); refunded in full. */
  const paidTooLate = (station: SimStation) =>
    payingLater(station, PATHS.guestPaidTooLate, (guest) => sim.backdate(keys.guestOrder(guest.id), 'createdAt', PAID_TOO_LATE_MS));

  /**
   * Path guest expired, completed late: nobody presses start, the sweep expires the session and the guest is refunded in
   * full; one or two waves later the station, back from a gap, reports what it metered after all: charged late to the
   * emptied guest account (owed).
   */
  const expiredLate = async (station: SimStation): Promise<StationWork> => {
    const path = PATHS.guestExpiredLate;
    paths.operation(path);
    station.remoteStart = { pressStart: false };
    const guest = await order(path, station, volumeFor(null), rnd.pick(['qris', 'gopay'] as const));
    if (!guest) return { settles: [] };
    const session = await sessionOpened(guest);
    if (!session) {
      paths.unexplained(path, `${guest.id}: paid, but no session opened within 15 s`);
      return { settles: [] };
    }
    const metered = rnd.int(100, guest.volumeMl);
    await recordSession(guest, 'expired, completed late', metered);
    sim.defer(path, rnd.int(1, 2), async () => {
      await station.complete(session.id, metered);
      await sleep(500);
      await read(guest);
    });
    return { settles: [] };
  };

  return { refill, notStarted, paidTooLate, expiredLate, read };
}

import type { SimStation } from '@infra/local/simulator';
import { PATHS, sleep, until, type Sim, type SimUser } from './kit';
import type { StationWork } from './wallet-vends';

/**
 * Outages in the money simulation (issue 34; docs/architecture.md, "Offline vends"): stations whose connection is cut
 * serve wallet customers from the token's allowance and deliver when they are back: minutes later, hours later (after
 * the reservation was voided), cut in the middle of an online vend, and the same token shown at two offline stations.
 */
const OFFLINE_KINDS = {
  /** Cut for a few minutes: delivered one or two waves later, against the reservation. */
  minutes: 40,
  /** Cut in the middle of an online vend: the completion stored and delivered after the sweep (charged late). */
  midVend: 25,
  /** The same token at this station and at a second offline one: the second charged late, at most one allowance. */
  twoStations: 20,
  /** Back hours later: the reservation was voided meanwhile, the vend charged late from the wallet. */
  hoursLater: 15,
} as const;
type OfflineKind = keyof typeof OFFLINE_KINDS;

/** `spare`: a station kept out of the waves, the second offline station a token is shown at. */
export function offlinePaths(sim: Sim, busy: Set<SimStation>, spare: SimStation) {
  const { rnd, svc, paths, records } = sim;
  const path = PATHS.offlineVend;
  /** Stations back only after hours have passed (the drain's sweep hours ahead), and at most this many at once. */
  const awayForHours = new Map<SimStation, SimUser>();
  const MAX_AWAY_FOR_HOURS = 2;
  let spareBusy = false;
  /** The kinds even a small run must meet: the first offline vends take each of them. */
  const firstKinds: OfflineKind[] = ['twoStations', 'hoursLater', 'minutes', 'midVend'];

  /** As a station's firmware does: a connection lost while it comes back is tried again (its outbox keeps what was not acknowledged). */
  const reconnect = async (station: SimStation) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await station.connect();
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await sleep(200 * attempt);
      }
    }
    await station.heartbeat().catch(() => undefined);
  };
  /** The person's token was settled (its reservation used or voided): their app may show them a new one. */
  const settled = async (user: SimUser, jti: string) => {
    await until(async () => (await svc.vendSessions.reservation(jti))?.status, (status) => status !== 'reserved', 15_000, 100);
    user.offlinePending = false;
  };
  const tokenOf = async (user: SimUser) => {
    const { issueNfcToken } = await import('@functions/vending/domain/nfc-token');
    return issueNfcToken({ sub: user.sub, username: user.sub, email: null, givenName: null, familyName: null }, svc);
  };
  const record = (jti: string, kind: OfflineKind, user: SimUser, station: SimStation, truth: number, maxMl: number) => {
    const session = { id: jti, path, kind, account: user.sub, stationId: station.id, truth, maxMl, pricePerLitre: sim.settings.pricePerLitre, mayStayOpen: false, stationSupportsClaim: false };
    records.sessions.push(session);
    return session;
  };

  const offlineVend = async (station: SimStation, user: SimUser): Promise<StationWork> => {
    let kind: OfflineKind = firstKinds.shift() ?? rnd.weighted(OFFLINE_KINDS);
    if (kind === 'twoStations' && spareBusy) kind = 'minutes';
    if (kind === 'hoursLater' && awayForHours.size >= MAX_AWAY_FOR_HOURS) kind = 'minutes';
    // Claimed before the first await: a wave's offline vends start together, and two of them taking the spare would
    // connect it twice under one client id (the broker closes the first connection).
    if (kind === 'twoStations') spareBusy = true;
    if (kind === 'hoursLater') awayForHours.set(station, user);
    const release = () => {
      if (kind === 'twoStations') spareBusy = false;
      awayForHours.delete(station);
    };
    paths.operation(path);
    let issued;
    try {
      issued = await tokenOf(user);
    } catch {
      release();
      user.offlinePending = false;
      paths.outcome(path, 'no token: below the minimum balance, or money owed (app refuses)');
      return { settles: [] };
    }
    paths.outcome(path, `station: ${kind}`);
    const truth = rnd.int(100, 1_500);
    busy.add(station);

    if (kind === 'midVend') {
      const answer = await station.requestVend(issued.token, 8_000);
      // Used online: the back end knows, the app shows a new token next time.
      user.offlinePending = false;
      if (answer.kind === 'denied') {
        busy.delete(station);
        paths.outcome(path, `denied: ${answer.message.reason}`);
        return { settles: [] };
      }
      const { sessionId, maxMl } = answer.message;
      station.drop();
      await station.complete(sessionId, Math.min(truth, maxMl));
      record(sessionId, kind, user, station, Math.min(truth, maxMl), maxMl);
      // Back after the wave's sweep expired the session: charged late.
      sim.defer(path, rnd.int(1, 2), async () => {
        await reconnect(station);
        busy.delete(station);
      });
      return { settles: [] };
    }

    station.drop();
    const stored = await station.vendOffline(issued.token, truth);
    if (stored.outcome !== 'stored') {
      paths.unexplained(path, `${station.id} refused ${issued.tokenId} offline: ${stored.reason}`);
      release();
      await reconnect(station);
      busy.delete(station);
      user.offlinePending = false;
      return { settles: [] };
    }
    record(stored.jti, kind, user, station, stored.volumeMl, issued.allowanceMl);

    if (kind === 'twoStations') {
      const again = await spare.vendOffline(issued.token, rnd.int(100, 1_500));
      const second = again.outcome === 'stored'
        ? { jti: stored.jti, account: user.sub, stationId: spare.id, truth: again.volumeMl, pricePerLitre: sim.settings.pricePerLitre, allowanceIdr: issued.reservedIdr }
        : null;
      if (second) records.offlineAgain.push(second);
      else paths.unexplained(path, `${spare.id} refused ${issued.tokenId} offline: ${again.outcome === 'refused' ? again.reason : ''}`);
      // Both back a few minutes later, in either order.
      const order = rnd.chance(0.5) ? [station, spare] : [spare, station];
      sim.defer(path, rnd.int(1, 2), async () => {
        for (const s of order) {
          await reconnect(s);
          await sleep(rnd.int(0, 200));
        }
        busy.delete(station);
        // The spare is a station of its own; it goes dark again for the next token shown at two stations.
        const deadline = Date.now() + 10_000;
        while (spare.outbox.size && Date.now() < deadline) await sleep(50);
        spare.drop();
        spareBusy = false;
        await settled(user, stored.jti);
        // Which completion settled the reservation is read when the book is checked (invariants.ts, readBook).
      });
      return { settles: [] };
    }
    if (kind === 'hoursLater') return { settles: [] };
    sim.defer(path, rnd.int(1, 2), async () => {
      await reconnect(station);
      busy.delete(station);
      await settled(user, stored.jti);
    });
    return { settles: [] };
  };

  /** After the drain's sweep hours ahead voided their reservations, the stations away for hours come back. */
  const backAfterHours = async () => {
    for (const [station, user] of awayForHours) {
      await reconnect(station);
      busy.delete(station);
      user.offlinePending = false;
    }
    awayForHours.clear();
    if (spare.connected) return;
    await spare.connect();
    while (spare.outbox.size) await sleep(50);
  };

  return { offlineVend, backAfterHours };
}

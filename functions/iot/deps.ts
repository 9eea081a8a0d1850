import { services } from '../composition';
import { consoleLog } from '../domain/stations';
import type { VendDeps } from '../domain/vend';

/** What the IoT rule handlers need, from the composition root. */
export function vendDeps(): VendDeps {
  const s = services();
  return {
    machines: s.machines, users: s.users, ledger: s.ledger, settings: s.settings, vendSessions: s.vendSessions,
    stationMessages: s.stationMessages, signingKeys: s.signingKeys, clock: s.clock, ids: s.ids, log: consoleLog,
  };
}

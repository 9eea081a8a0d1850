import type { VendDeps } from '../domain/vend';
import { log } from '../observability';
import { signingKeys } from './signing-keys';
import { stationMessages } from './station-messages';
import * as repositories from './repositories';

/**
 * What the vend protocol needs: the table, the token key and the way back to stations. The key and the station
 * messages are created when first used, so a function that never signs or publishes (the sweep) needs neither setting.
 */
export const vendDeps = (): VendDeps => ({
  machines: repositories.machines(),
  users: repositories.users(),
  ledger: repositories.ledger(),
  settings: repositories.settings(),
  vendSessions: repositories.vendSessions(),
  clock: repositories.clock(),
  ids: repositories.ids(),
  get signingKeys() {
    return signingKeys();
  },
  get stationMessages() {
    return stationMessages();
  },
  log,
});

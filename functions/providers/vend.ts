import type { VendDeps } from '../domain/vend';
import { log } from '../observability';
import { signingKeys } from './signing-keys';
import { stationMessages } from './station-messages';
import { clock, ids } from './clock';
import { ledger } from './repositories/ledger';
import { machines } from './repositories/machines';
import { settings } from './repositories/settings';
import { users } from './repositories/users';
import { vendSessions } from './repositories/vend-sessions';

/**
 * What the vend protocol needs: the table, the token key and the way back to stations. The key and the station
 * messages are created when first used, so a function that never signs or publishes (the sweep) needs neither setting.
 */
export const vendDeps = (): VendDeps => ({
  machines: machines(),
  users: users(),
  ledger: ledger(),
  settings: settings(),
  vendSessions: vendSessions(),
  clock: clock(),
  ids: ids(),
  get signingKeys() {
    return signingKeys();
  },
  get stationMessages() {
    return stationMessages();
  },
  log,
});

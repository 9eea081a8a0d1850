import type { VendDeps } from '../domain/vend';
import { log } from '../../platform/observability';
import { signingKeys } from './signing-keys';
import { stationMessages } from './station-messages';
import { clock, ids } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';
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

import type { VendDeps } from '../domain/vend';
import { log } from '../observability';
import { data } from './data';
import { signingKeys } from './signing-keys';
import { stationMessages } from './station-messages';

/**
 * What the vend protocol needs: the table, the token key and the way back to stations. The key and the station
 * messages are created when first used, so a function that never signs or publishes (the sweep) needs neither setting.
 */
export const vendDeps = (): VendDeps => ({
  ...data(),
  get signingKeys() {
    return signingKeys();
  },
  get stationMessages() {
    return stationMessages();
  },
  log,
});

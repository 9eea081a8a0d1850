import type { VendDeps } from '../domain/vend';
import { log } from '../observability';
import { data } from './data';
import { signingKeys } from './signing-keys';
import { stationMessages } from './station-messages';

/** What the vend protocol needs: the table, the token key and the way back to stations. */
export const vendDeps = (): VendDeps => ({ ...data(), signingKeys: signingKeys(), stationMessages: stationMessages(), log });

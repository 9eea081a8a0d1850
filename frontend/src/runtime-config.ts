import type { PaymentsMode, RuntimeConfig } from '@shared/runtime-config';
import { watchNetwork } from './features/pwa/online-status';

/**
 * /config.json (shared/runtime-config.ts), requested once as the app starts (index.html preloads it); empty when it
 * cannot be had (offline before it was ever fetched, a build served without it).
 */
export const runtimeConfig: Promise<Partial<RuntimeConfig>> = watchNetwork(fetch('/config.json'))
  .then((response) => (response.ok ? (response.json() as Promise<Partial<RuntimeConfig>>) : {}))
  .catch(() => ({}));

let loaded: Partial<RuntimeConfig> = {};
void runtimeConfig.then((config) => (loaded = config));

/** The payments mode, once runtimeConfig has resolved (the first render waits for it, see main.tsx). */
export const paymentsMode = (): PaymentsMode => (loaded.paymentsMode === 'sandbox' ? 'sandbox' : 'live');

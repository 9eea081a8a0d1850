import { isDeepStrictEqual } from 'node:util';
import { openApiDocument } from '@shared/openapi';
import type { Driver } from '../drive';
import { is, list, notAdmin, record } from './helpers';

/** The API's own document, the network's figures and the settings (shared/routes/index.ts, shared/routes/system.ts). */
export const system = {
  'Api/openApi': {
    // The document is built when the function is bundled (infra/constructs/function-bundle.ts): the same as built here.
    http: [{ name: 'serves the contract', expect: 200, check: ({ body }) => is(isDeepStrictEqual(body, JSON.parse(JSON.stringify(openApiDocument()))), 'not the contract\'s OpenAPI document') }],
  },
  'Api/adminStats': {
    http: [{ name: 'sums up the network', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).totalMachines) >= 1, 'no machines counted') }, notAdmin()],
  },
  'Api/adminGetSettings': {
    http: [{ name: 'reads the settings', as: 'admin', expect: 200, check: ({ body }, s) => void (s.values.settings = record(body)) }, notAdmin()],
  },
  'Api/adminPutSettings': {
    http: [
      { name: 'saves the settings, audited', as: 'admin', body: (s) => ({ ...s.kept('settings'), heartbeatIntervalSeconds: 90 }), expect: 200 },
      { name: 'refuses a price of 0', as: 'admin', body: (s) => ({ ...s.kept('settings'), pricePerLitre: 0 }), expect: 400 },
    ],
  },
  'Api/adminSettingsHistory': {
    http: [{ name: 'shows who changed what', as: 'admin', expect: 200, check: ({ body }) => is(list(body).length >= 1, 'the change is missing') }, notAdmin()],
  },
} satisfies Record<string, Driver>;

import { describe, expect, it } from 'vitest';
import { about } from './about';
import { adminAlerts } from './admin-alerts';
import { adminBook } from './admin-book';
import { adminCommands } from './admin-commands';
import { adminHostRequests } from './admin-host-requests';
import { adminLogin } from './admin-login';
import { adminMachines } from './admin-machines';
import { adminPanels } from './admin-panels';
import { adminConsole } from './admin-console';
import { adminStation } from './admin-station';
import { adminSystem } from './admin-system';
import { adminVisits } from './admin-visits';
import { adminTickets } from './admin-tickets';
import { adminTransactions } from './admin-transactions';
import { adminUsers } from './admin-users';
import { appTexts } from './app';
import { authTexts } from './auth';
import { adminClaims, claimTexts } from './claims';
import { common } from './common';
import { consoleRoles } from './console-roles';
import { docs } from './docs';
import { guestTexts } from './guest';
import { hostForm } from './host-form';
import * as indonesian from './id';
import { landing } from './landing';
import type { Messages } from './messages';
import { nfcTexts } from './nfc';
import { reportTexts } from './reports';
import { stationListing } from './station-listing';
import { stationTexts } from './stations';
import { supportTexts } from './support';
import { qrTexts, walletTexts } from './wallet';
import { withdrawalTexts } from './withdrawal';

const tables: Messages<unknown>[] = [
  about, adminAlerts, adminBook, adminClaims, adminCommands, adminConsole, adminHostRequests, adminLogin, adminMachines, adminPanels, adminStation, adminSystem, adminTickets, adminTransactions, adminUsers, adminVisits, appTexts, authTexts, claimTexts, common, consoleRoles, docs, guestTexts,
  hostForm, landing, nfcTexts, qrTexts, reportTexts, stationListing, stationTexts, supportTexts, walletTexts, withdrawalTexts,
];

/** Keys, array lengths and function arities: what the types promise, checked on the values. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function/${value.length}`;
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

describe('text tables', () => {
  it('pairs every English table with the Indonesian table of its name, of the same shape', () => {
    for (const table of tables) expect(shape(indonesian[table.name]), table.name).toEqual(shape(table.en));
  });

  it('has an English table for every Indonesian one', () => {
    expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(indonesian).sort());
  });
});

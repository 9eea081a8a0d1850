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

  it('groups the counts of the console as each language groups its numbers', () => {
    const { adminStation: stationId, adminConsole: consoleId, adminUsers: usersId, adminTransactions: transactionsId } = indonesian;
    expect(adminStation.en.uptimeHint(43_187, 43_200)).toBe('43,187 of 43,200 expected heartbeats received');
    expect(stationId.uptimeHint(43_187, 43_200)).toBe('43.187 dari 43.200 heartbeat yang diharapkan diterima');
    expect(adminStation.en.exporting(12_000)).toBe('Exporting... 12,000 readings');
    expect(stationId.exporting(12_000)).toBe('Mengekspor... 12.000 data');
    expect(adminConsole.en.machines.showing(20, 100_000)).toBe('Showing 20 of 100,000 machines');
    expect(consoleId.machines.showing(20, 100_000)).toBe('Menampilkan 20 dari 100.000 mesin');
    expect(adminUsers.en.showing(1_250)).toBe('Showing 1,250 users');
    expect(usersId.showing(1_250)).toBe('Menampilkan 1.250 pengguna');
    expect(transactionsId.rows(5_600)).toBe(' · 5.600 baris');
  });
});

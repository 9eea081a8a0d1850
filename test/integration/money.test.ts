import { describe, expect, it } from 'vitest';
import { runMoneySimulation } from '../support/money-simulation';
import { PATHS } from '../support/money/kit';
import { baliDate } from '@shared/bali-time';
import { asAdmin } from '../support/admin';
import { local } from '../support/local';

/**
 * The money-conservation simulation, small (`npm run bench -- --only money` runs it at 10,000 operations): every money
 * path (test/support/money/kit.ts, PATHS) over the real broker, API and DynamoDB Local, with hostile stations (late,
 * duplicated, reordered and malformed completions, dropped connections) and a hostile gateway (notifications
 * duplicated, reordered and forged; refunds answered 503, answers lost, slow answers). Every path must have run, the
 * outcomes that need luck must have been met, and every invariant must hold.
 */
describe('money conservation', () => {
  it('a few hundred operations over every money path: every litre charged or explained, every rupiah proven', async () => {
    const seed = Number(process.env.MONEY_SEED) || undefined;
    // Which outcomes a run meets depends on timing as well as on the seed (a thin wallet's late vend is owed only if the
    // wallet was spent meanwhile, and the pay code's reservation holds part of it); an outcome a run missed is met by a
    // second or third run, whose invariants must hold too.
    const outcomes: Record<string, Record<string, number>> = {};
    const kinds: Record<string, number> = {};
    const met = (path: string, pattern: RegExp) => Object.entries(outcomes[path] ?? {}).filter(([k]) => pattern.test(k)).reduce((n, [, v]) => n + v, 0);
    const needLuck = (): Record<string, boolean> => ({
      'every path ran': Object.values(PATHS).every((path) => outcomes[path] !== undefined),
      'wallet vends settled on time > 50': met(PATHS.walletVend, /^settled on time$/) > 50,
      'wallet vends denied': met(PATHS.walletVend, /^denied/) > 0,
      'wallet vends settled late > 3': met(PATHS.walletVend, /^settled late \(/) > 3,
      'a late wallet vend partly owed': met(PATHS.walletVend, /^settled late, partly owed/) > 0,
      'an open incident': met(PATHS.walletVend, /^open incident/) > 0,
      'incidents resolved by the station and by an admin': met(PATHS.walletVend, /^incident resolved by station/) > 0 && met(PATHS.walletVend, /^incident resolved by admin/) > 0,
      'a top-up refunded by the gateway': met(PATHS.topUp, /^order topup: paid, refunded/) > 0,
      'a forged status and a forged refund': (kinds['signed pending rewritten to settlement (forged status)'] ?? 0) > 0 && (kinds['made-up refund key (forged refund)'] ?? 0) > 0,
      'guest refills refunded in part': met(PATHS.guestRefill, /^order guest: paid, refunded/) > 0,
      'a guest session expired, completed late': met(PATHS.guestExpiredLate, /^settled late/) > 0,
      'a wallet claim credited at once': met(PATHS.walletClaim, /^claim credited at once/) > 0,
      'a withdrawal cut off by the gateway, then resumed': met(PATHS.withdrawal, /^cut off by the gateway/) > 0 && met(PATHS.withdrawal, /when resumed/) > 0,
      'a stale withdrawal voided': met(PATHS.staleWithdrawal, /^the stale one voided/) > 0,
      'offline vends settled against the reservation and late, the same token charged at a second station': met(PATHS.offlineVend, /^settled on time$/) > 0
        && met(PATHS.offlineVend, /^settled late/) > 0 && met(PATHS.offlineVend, /^second station: charged late/) > 0,
    });
    for (let run = 0; run < 3 && (run === 0 || Object.values(needLuck()).includes(false)); run++) {
      const report = await runMoneySimulation({ outputs: local(), operations: 300, stations: 20, users: 12, seed });
      console.log(report.lines.join('\n'));
      expect(report.lines.at(-1)).toBe(`money: ${report.operations} operations over ${report.paths} paths, ${report.notifications} notifications, 0 unexplained`);
      expect(report.operations).toBeGreaterThanOrEqual(300);
      expect(report.paths).toBeGreaterThanOrEqual(12);
      for (const invariant of report.invariants) expect(invariant.violations, `${invariant.name}: ${invariant.examples.join('; ')}`).toBe(0);
      for (const [path, p] of Object.entries(report.byPath)) {
        expect(p.unexplained, `${path}: ${p.examples.join('; ')}`).toBe(0);
        for (const [k, v] of Object.entries(p.outcomes)) (outcomes[path] ??= {})[k] = (outcomes[path]?.[k] ?? 0) + v;
      }
      for (const [k, v] of Object.entries(report.notificationKinds)) kinds[k] = (kinds[k] ?? 0) + v;
      const missing = Object.entries(needLuck()).filter(([, taken]) => !taken).map(([outcome]) => outcome);
      if (missing.length) console.log(`money: not met after run ${run + 1}: ${missing.join('; ')}`);
    }
    // The outcomes that need luck were met, not just planned.
    expect(Object.entries(needLuck()).filter(([, taken]) => !taken).map(([outcome]) => outcome)).toEqual([]);

    // The accountant's journal of the day the simulation ran balances: debits equal credits.
    const journal = await asAdmin(`/api/admin/journal?date=${baliDate()}`);
    expect(journal.status).toBe(200);
    const lines = journal.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((line) => line.split(','));
    const total = (column: number) => lines.reduce((sum, cells) => sum + Number(cells[column] || 0), 0);
    expect(lines.length).toBeGreaterThan(300);
    expect(total(3)).toBe(total(4));
    // In suspense only entries written before the book had its keys (another test files one such legacy entry): no
    // transaction of the simulation or of any path since.
    expect(lines.filter((cells) => cells[2] === 'suspense' && cells[1] !== '')).toEqual([]);
  }, 480_000);
});

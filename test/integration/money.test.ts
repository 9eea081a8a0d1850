import { describe, expect, it } from 'vitest';
import { runMoneySimulation } from '../support/money-simulation';
import { local } from '../support/local';

/**
 * The money-conservation simulation, small (`npm run bench -- --only money` runs it at 10,000 vends): vends over
 * the real broker and DynamoDB Local with late, duplicated, reordered and malformed completions, stations that drop
 * their connection mid-vend, and gateway notifications duplicated, reordered and forged. Every path must have been
 * taken, and every invariant must hold.
 */
describe('money conservation', () => {
  it('a few hundred vends and their payments: every millilitre charged or explained, every rupiah proven', async () => {
    const seed = Number(process.env.MONEY_SEED) || undefined;
    const report = await runMoneySimulation({ outputs: local(), vends: 240, stations: 20, users: 12, seed });
    console.log(report.lines.join('\n'));
    expect(report.lines.at(-1)).toBe(`money: ${report.vends} vends, ${report.notifications} notifications, 0 unexplained`);
    expect(report.vends).toBe(240);
    for (const invariant of report.invariants) expect(invariant.violations, `${invariant.name}: ${invariant.examples.join('; ')}`).toBe(0);
    // The hard paths were all taken, not just planned.
    const outcome = (pattern: RegExp) => Object.entries(report.outcomes).filter(([k]) => pattern.test(k)).reduce((n, [, v]) => n + v, 0);
    expect(outcome(/^settled on time$/)).toBeGreaterThan(100);
    expect(outcome(/^denied/)).toBeGreaterThan(0);
    expect(outcome(/^settled late \(/)).toBeGreaterThan(5);
    expect(outcome(/^settled late, partly owed/)).toBeGreaterThan(0);
    expect(outcome(/^open incident/)).toBeGreaterThan(0);
    expect(outcome(/^incident resolved by station/)).toBeGreaterThan(0);
    expect(outcome(/^incident resolved by admin/)).toBeGreaterThan(0);
    expect(outcome(/^order topup: paid, refunded/)).toBeGreaterThan(0);
    expect(report.notificationKinds['signed pending rewritten to settlement (forged status)']).toBeGreaterThan(0);
    expect(report.notificationKinds['made-up refund key (forged refund)']).toBeGreaterThan(0);
  }, 240_000);
});

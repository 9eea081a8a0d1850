import { describe, expect, it } from 'vitest';
import type { Ledger } from '../ports/ledger';
import { TransactionPartRejected, type TransactionPart } from '../../platform/ports/transaction';
import { journalOf } from './book';

/**
 * What every Ledger adapter must do with a transfer between two accounts (docs/architecture.md, "The book"), run
 * against the in-memory ledger (the fast tests' fake) and the DynamoDB one (the real one), so the fake cannot drift.
 * A refusal is the adapter's fact (LedgerRefused's reason); what it answers a caller is ledger-rules.ts's (its own test).
 */
export interface LedgerHarness {
  ledger: Ledger;
  /** An account that exists and holds `balance`. */
  account(balance: number): Promise<string>;
  /** A name no account has yet. */
  unusedAccount(): string;
  balanceOf(id: string): Promise<number | null>;
  /** Writes joined to the operation whose condition fails. */
  failingPart(): TransactionPart;
}

const details = { reference: 'contract', actor: 'test' };

export function ledgerContract(name: string, harness: () => Promise<LedgerHarness>) {
  describe(`${name}: transfers between accounts`, () => {
    it('moves the amount from one account to the other, opening the other at zero', async () => {
      const { ledger, account, unusedAccount, balanceOf } = await harness();
      const from = await account(5_000);
      const to = unusedAccount();
      const result = await ledger.transfer({ from, to, amount: 1_200 }, crypto.randomUUID(), details);
      expect(result).toMatchObject({ balance: 3_800, replayed: false });
      expect([await balanceOf(from), await balanceOf(to)]).toEqual([3_800, 1_200]);
    });

    it('refuses more than the account holds, and moves nothing', async () => {
      const { ledger, account, unusedAccount, balanceOf } = await harness();
      const from = await account(1_000);
      const to = unusedAccount();
      await expect(ledger.transfer({ from, to, amount: 1_001 }, crypto.randomUUID(), details)).rejects.toMatchObject({ reason: 'insufficient-balance' });
      expect([await balanceOf(from), await balanceOf(to)]).toEqual([1_000, null]);
    });

    it('happens once per key: the same request again replays it, another request with the key is refused', async () => {
      const { ledger, account, balanceOf } = await harness();
      const [from, to] = [await account(3_000), await account(0)];
      const key = crypto.randomUUID();
      await ledger.transfer({ from, to, amount: 500 }, key, details);
      expect(await ledger.transfer({ from, to, amount: 500 }, key, details)).toMatchObject({ replayed: true });
      await expect(ledger.transfer({ from, to, amount: 700 }, key, details)).rejects.toMatchObject({ reason: 'key-reused' });
      expect([await balanceOf(from), await balanceOf(to)]).toEqual([2_500, 500]);
    });

    it('with an expected balance, moves only while the account still holds exactly that', async () => {
      const { ledger, account, balanceOf } = await harness();
      const [from, to] = [await account(2_000), await account(0)];
      await expect(ledger.transfer({ from, to, amount: 100 }, crypto.randomUUID(), details, { expectedFromBalance: 1_999 })).rejects.toMatchObject({ reason: 'balance-changed' });
      await ledger.transfer({ from, to, amount: 2_000 }, crypto.randomUUID(), details, { expectedFromBalance: 2_000 });
      expect([await balanceOf(from), await balanceOf(to)]).toEqual([0, 2_000]);
    });

    it('commits with the writes joined to it, or not at all', async () => {
      const { ledger, account, balanceOf, failingPart } = await harness();
      const [from, to] = [await account(900), await account(0)];
      await expect(ledger.transfer({ from, to, amount: 300 }, crypto.randomUUID(), details, { together: failingPart() })).rejects.toBeInstanceOf(TransactionPartRejected);
      expect([await balanceOf(from), await balanceOf(to)]).toEqual([900, 0]);
    });

    it('two transfers racing for the same money: one moves it, the other is refused', async () => {
      const { ledger, account, balanceOf } = await harness();
      const [from, a, b] = [await account(1_000), await account(0), await account(0)];
      const results = await Promise.allSettled([
        ledger.transfer({ from, to: a, amount: 800 }, crypto.randomUUID(), details),
        ledger.transfer({ from, to: b, amount: 800 }, crypto.randomUUID(), details),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await balanceOf(from))! + (await balanceOf(a))! + (await balanceOf(b))!).toBe(1_000);
      expect(await balanceOf(from)).toBe(200);
    });
  });

  describe(`${name}: the book`, () => {
    const journalOfAccounts = async (ledger: Ledger, ...ids: string[]) =>
      journalOf((await Promise.all(ids.map(async (id) => (await ledger.entries(id, { limit: 100, visibleOnly: true })).items))).flat().reverse());
    const netOf = (lines: ReturnType<typeof journalOf>['lines']) => {
      const net: Record<string, number> = {};
      for (const l of lines) net[l.account] = (net[l.account] ?? 0) + l.debit - l.credit;
      return net;
    };

    it('books every movement against its counter account, and each transaction balances', async () => {
      const { ledger, account, unusedAccount } = await harness();
      const person = await account(5_000);
      const other = unusedAccount();
      const station = { reference: 'vend-1', actor: 'station:HRL-1', machineId: 'HRL-1', volumeMl: 1_200 };
      const holdId = `contract-${crypto.randomUUID()}`;
      await ledger.hold(person, holdId, 2_000, station);
      await ledger.settle(holdId, 1_200, station);
      await ledger.charge(person, 'purchase', 5_000, crypto.randomUUID(), { ...station, volumeMl: 5_000 });
      await ledger.post(person, 'topup', 2_000, crypto.randomUUID(), { reference: 'order-2', actor: 'gateway' });
      await ledger.post(person, 'adjustment', 300, crypto.randomUUID(), { reference: 'sorry', actor: 'admin:ops', counter: 'goodwill' });
      await ledger.transfer({ from: person, to: other, amount: 100 }, crypto.randomUUID(), details);

      const journal = await journalOfAccounts(ledger, person, other);
      expect(journal.unbalanced).toEqual([]);
      expect(netOf(journal.lines)).toEqual({
        gateway: 7_000,
        'revenue:HRL-1': -6_200,
        goodwill: 300,
        [`receivable:${person}`]: 0,
        [`wallet:${person}`]: -1_000,
        [`wallet:${other}`]: -100,
      });
    });

    it('refuses an adjustment that names no counter account, and writes nothing', async () => {
      const { ledger, account, balanceOf } = await harness();
      const person = await account(1_000);
      await expect(ledger.post(person, 'adjustment', 500, crypto.randomUUID(), details)).rejects.toThrow(/counter account/);
      expect(await balanceOf(person)).toBe(1_000);
    });
  });

  describe(`${name}: a hold resized (a token's reservation becomes a station's vend hold)`, () => {
    const station = { reference: 'vend-r', actor: 'station:HRL-1', machineId: 'HRL-1' };
    it('gives back the difference once, then settles against what it keeps', async () => {
      const { ledger, account, balanceOf, failingPart } = await harness();
      const person = await account(5_000);
      const holdId = `contract-${crypto.randomUUID()}`;
      await ledger.hold(person, holdId, 3_000, station);
      await expect(ledger.resizeHold(holdId, 1_500, station, { together: failingPart() })).rejects.toBeInstanceOf(TransactionPartRejected);
      expect(await balanceOf(person)).toBe(2_000);
      expect((await ledger.resizeHold(holdId, 1_500, station)).replayed).toBe(false);
      expect((await ledger.resizeHold(holdId, 1_500, station)).replayed).toBe(true);
      expect(await balanceOf(person)).toBe(3_500);
      expect(await ledger.getHold(holdId)).toMatchObject({ amount: 1_500, status: 'open' });
      await ledger.settle(holdId, 700, station);
      expect(await balanceOf(person)).toBe(4_300);
      await expect(ledger.resizeHold(holdId, 500, station)).rejects.toMatchObject({ reason: 'hold-closed' });
    });

    it('holds more from the balance once, and refuses more than the balance covers, changing nothing', async () => {
      const { ledger, account, balanceOf } = await harness();
      const person = await account(5_000);
      const holdId = `contract-${crypto.randomUUID()}`;
      await ledger.hold(person, holdId, 1_000, station);
      await expect(ledger.resizeHold(holdId, 6_000, station)).rejects.toMatchObject({ reason: 'insufficient-balance' });
      expect(await ledger.getHold(holdId)).toMatchObject({ amount: 1_000, status: 'open' });
      expect(await balanceOf(person)).toBe(4_000);
      expect((await ledger.resizeHold(holdId, 3_000, station)).replayed).toBe(false);
      expect((await ledger.resizeHold(holdId, 3_000, station)).replayed).toBe(true);
      expect(await balanceOf(person)).toBe(2_000);
      await ledger.settle(holdId, 2_500, station);
      expect(await balanceOf(person)).toBe(2_500);
    });
  });
}

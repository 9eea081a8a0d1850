import { ledgerContract } from './ledger.test-contract';
import { MemoryLedger, MemoryUsers } from '../../vending/domain/vend.test-fakes';

/** The in-memory ledger against the book's contract (the DynamoDB one: test/integration/ledger-contract.test.ts). */
ledgerContract('in memory', async () => {
  const users = new MemoryUsers();
  const ledger = new MemoryLedger(users);
  return {
    ledger,
    async account(balance) {
      const id = crypto.randomUUID();
      await users.ensureGuestAccount(id, '2026-11-27T00:00:00Z');
      if (balance > 0) await ledger.post(id, 'topup', balance, crypto.randomUUID(), { reference: 'seed', actor: 'test' });
      return id;
    },
    unusedAccount: () => crypto.randomUUID(),
    balanceOf: async (id) => users.items.get(id)?.balance ?? null,
    failingPart: () => ({ writes: [{ holds: () => false, apply: () => undefined }] }),
  };
});

import { ledgerContract } from '@functions/wallet/domain/ledger.test-contract';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { repositories } from '../support/admin';
import { testDb } from '../support/local';

/** The DynamoDB ledger against the book's contract, on DynamoDB Local (the in-memory one: functions/wallet/domain/ledger-contract.test.ts). */
ledgerContract('on DynamoDB', async () => {
  const { users, ledger } = repositories();
  const { tableName } = testDb();
  return {
    ledger,
    async account(balance) {
      const id = `CONTRACT-${crypto.randomUUID()}`;
      await users.ensureGuestAccount(id, new Date().toISOString());
      if (balance > 0) await ledger.post(id, 'topup', balance, crypto.randomUUID(), { reference: 'seed', actor: 'test' });
      return id;
    },
    unusedAccount: () => `CONTRACT-${crypto.randomUUID()}`,
    balanceOf: async (id) => (await users.get(id))?.balance ?? null,
    // A condition on an item that does not exist: the transaction is cancelled for the joined write.
    failingPart: () => ({ writes: [{ ConditionCheck: { TableName: tableName, Key: keys.user(`CONTRACT-missing-${crypto.randomUUID()}`), ConditionExpression: 'attribute_exists(PK)' } }] }),
  };
});

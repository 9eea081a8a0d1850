import { DynamoVendSessions } from '@functions/vending/adapters/dynamodb/vend-sessions';
import { repositories } from './admin';
import { testDb } from './local';

/** A settled refill of 450 ml at HRL-00001 for a user, as the vend protocol writes it (session, hold, settlement): a vend to claim. */
export async function settledRefill(userId: string): Promise<string> {
  const { db, tableName } = testDb();
  const sessions = new DynamoVendSessions(db, tableName);
  const { ledger } = repositories();
  const id = `e2e-claim-${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  await sessions.create({
    id, stationId: 'HRL-00001', machineName: 'Claim Test Station', userId, tokenId: id, requestId: id, status: 'open', holdAmount: 1500, maxMl: 1500,
    pricePerLitre: 1000, createdAt: now, expiresAt: new Date(Date.now() + 180_000).toISOString(),
  });
  await ledger.hold(userId, id, 1500, { reference: id, actor: 'station:HRL-00001' });
  await ledger.settle(id, 450, { reference: id, actor: 'station:HRL-00001', machineId: 'HRL-00001', machineName: 'Claim Test Station', volumeMl: 450 },
    { together: sessions.closing(id, { status: 'completed', closedAt: new Date().toISOString(), dispensedMl: 450, charged: 450 }) });
  return id;
}

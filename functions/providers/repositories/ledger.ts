import { DynamoLedger } from '../../adapters/dynamodb/ledger';
import { randomIds, systemClock } from '../../ports/clock';
import { provider } from '../provider';
import { table } from '../table';

export const ledger = /* @__PURE__ */ provider(() => new DynamoLedger(table().db, table().name, systemClock, randomIds));

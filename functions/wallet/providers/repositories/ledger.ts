import { DynamoLedger } from '../../adapters/dynamodb/ledger';
import { randomIds, systemClock } from '../../../platform/ports/clock';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const ledger = /* @__PURE__ */ provider(() => new DynamoLedger(table().db, table().name, systemClock, randomIds));

import { DynamoLedger } from '../../adapters/dynamodb/ledger';
import { ledgerWithRules } from '../../domain/ledger-rules';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const ledger = /* @__PURE__ */ provider(() => ledgerWithRules(new DynamoLedger(table().db, table().name, systemClock, randomIds)));

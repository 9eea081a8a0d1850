import { DynamoFleetPrices } from '../../adapters/dynamodb/fleet-prices';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const fleetPrices = /* @__PURE__ */ provider(() => new DynamoFleetPrices(table().db, table().name));

import { DynamoPaymentOrders } from '../../adapters/dynamodb/payment-orders';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const paymentOrders = /* @__PURE__ */ provider(() => new DynamoPaymentOrders(table().db, table().name));

import { DynamoPaymentOrders } from '../../adapters/dynamodb/payment-orders';
import { provider } from '../provider';
import { table } from '../table';

export const paymentOrders = /* @__PURE__ */ provider(() => new DynamoPaymentOrders(table().db, table().name));

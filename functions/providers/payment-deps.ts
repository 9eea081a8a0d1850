import type { PurchaseDeps } from '../domain/purchase';
import type { OpenPaidSession } from '../domain/purchase-paid';
import { log } from '../observability';
import { data } from './data';
import { paymentGateway } from './payment-gateway';

/** What the payment use cases need: the table and the configured gateway; purchases pass how their paid refill is opened. */
export const paymentDeps = (openPaidSession?: OpenPaidSession): PurchaseDeps => ({ ...data(), paymentGateway: paymentGateway(), log, openPaidSession });

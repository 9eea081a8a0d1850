import { afterPaid } from '../domain/after-payment';
import type { PurchaseDeps } from '../domain/purchase';
import type { OpenPaidSession } from '../domain/purchase-paid';
import { machines } from '../../stations/providers/repositories/machines';
import { users } from '../../accounts/providers/repositories/users';
import { withPaymentPorts } from './payment-ports';

/** What the payment use cases need: the payment ports, and how a paid order's refill is opened (purchases pass it). */
export const paymentDeps = (openPaidSession?: OpenPaidSession): PurchaseDeps => withPaymentPorts({ machines: machines(), users: users(), openPaidSession, afterPaid });

import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('paymentNotification', 'Payment notification');

import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('topup', 'Top-up');

import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('getTopup', 'Top-up');

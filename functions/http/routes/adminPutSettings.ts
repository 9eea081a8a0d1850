import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminPutSettings', 'System settings');

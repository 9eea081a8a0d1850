import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminGetSettings', 'System settings');

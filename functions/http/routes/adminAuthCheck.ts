import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminAuthCheck', 'Admin sign-in');

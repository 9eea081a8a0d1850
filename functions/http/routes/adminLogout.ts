import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminLogout', 'Admin sign-out');

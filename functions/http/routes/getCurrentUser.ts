import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('getCurrentUser', 'Sign-in');

import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('geocode', 'Address search');

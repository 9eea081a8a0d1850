import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('getEnvironmentalImpact', 'Environmental impact');

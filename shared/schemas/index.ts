export * from './machine';
export * from './host-request';
export * from './user';
export * from './transaction';
export * from './settings';
export * from './geocoding';
export * from './error';
export * from './incident';

export * from './accounts';
export * from './api-keys';
export * from './audit';
export * from './countries';
export * from './jobs';
export * from './library';
export * from './tasks';

export * from './accounts';
export * from './api';
export * from './audit';
export * from './auth';
export * from './library';
export * from './messages';
export * from './permissions';
export * from './users';

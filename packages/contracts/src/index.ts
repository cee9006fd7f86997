export * from './api';
export * from './auth';
export * from './messages';
export * from './permissions';

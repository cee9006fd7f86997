export * from './accounts';
export * from './audit';
export * from './library';

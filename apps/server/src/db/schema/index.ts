export * from './accounts';
export * from './audit';
export * from './library';
export * from './tasks';

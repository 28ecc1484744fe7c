export * from './constants';
export * from './messages';
export * from './envelope';
export * from './user';
export * from './auth';
export * from './settings';
export * from './system-settings';
export * from './users';

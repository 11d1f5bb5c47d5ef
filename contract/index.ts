export * from './auth';
export * from './config';
export * from './errors';
export * from './user';

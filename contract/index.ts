export * from './auth';
export * from './config';
export * from './dealers';
export * from './errors';
export * from './user';

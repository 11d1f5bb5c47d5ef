export * from './auth';
export * from './config';
export * from './dealers';
export * from './errors';
export * from './user';
export * from './dcu';
export * from './machines';
export * from './knowledge';

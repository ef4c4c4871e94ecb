export * from './types';
export * from './params';
export * from './mastery';
export * from './review';
export * from './plan';
export * from './reminder';

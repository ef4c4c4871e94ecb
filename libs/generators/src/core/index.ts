export * from './rng';
export * from './numbers';
export * from './fractions';
export * from './types';
export * from './build';
export * from './latex';
export * from './words';
export * from './answer-format';

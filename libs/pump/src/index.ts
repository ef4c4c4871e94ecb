export * from './problem';
export * from './generate';
export * from './check';
export * from './explain';
export * from './clock';
export { PumpRng } from './rng';
export * from './reference';

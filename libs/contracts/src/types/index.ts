// Web-safe shapes and constants: no decorators, no server packages. apps/web imports
// `@examprep/contracts/types`; server code may import either entry.
export * from './actor';
export * from './errors';
export * from './own-property';
export * from './announcement';
export * from './validators';
export * from './public-config';
export * from './identity';
export * from './purchases';
export * from './captcha';
export * from './sanitize';
export * from './qbank';
export * from './catalog';
export * from './pricing';
export * from './testing';
export * from './item-stats';
export * from './learning';
export * from './schools';
export * from './media';
export * from './simulations';
export * from './paging';
export * from './csv';

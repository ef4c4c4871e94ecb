export * from './types';
export * from './subjects';
export * from './rpc-map';
export * from './announcements';
export * from './identity';
export * from './captcha';
export * from './qbank';
export * from './catalog';

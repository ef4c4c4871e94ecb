export * from './error-messages';
export * from './translate-error';

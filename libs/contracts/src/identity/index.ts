export * from './identity.dto';
export * from './identity.messages';
export * from './user-changed.notice';

export * from './identity.dto';
export * from './identity.messages';

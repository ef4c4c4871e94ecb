export * from './media.dto';
export * from './media.messages';

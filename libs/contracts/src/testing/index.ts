export * from './testing.dto';
export * from './testing.messages';

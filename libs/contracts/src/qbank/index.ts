export * from './qbank.dto';
export * from './qbank.messages';

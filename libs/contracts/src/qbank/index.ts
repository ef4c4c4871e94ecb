export * from './qbank.dto';
export * from './qbank.messages';
export * from './pump.dto';

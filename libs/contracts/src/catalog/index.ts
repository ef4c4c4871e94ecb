export * from './catalog.dto';
export * from './catalog.messages';

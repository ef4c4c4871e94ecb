export * from './item-stats.dto';
export * from './item-stats.messages';

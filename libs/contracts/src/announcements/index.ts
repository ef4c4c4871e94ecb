export * from './announcement.dto';
export * from './announcement.messages';

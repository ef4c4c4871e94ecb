export * from './sanitize.dto';

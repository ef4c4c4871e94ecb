export * from './learning.dto';
export * from './learning.messages';

export * from './captcha.dto';
export * from './captcha.messages';

/**
 * `@examprep/validation`: the validators shared by the web app and the services. Light and
 * browser-safe (no sanitize-html); the sanitizer itself is `@examprep/validation/sanitize`.
 */
export * from './limits';
export * from './validation-result';
export * from './security/security-check';
export { decodeHtmlEntities } from './security/decode-entities.util';
export { hasHtmlTag, stripHtmlTags } from './security/html-tags.util';
export { removeScriptUrls } from './security/script-url.util';
export * from './validators/math-answer.validator';
export * from './validators/numeric.validator';
export * from './validators/email.validator';
export * from './validators/coupon.validator';
export * from './forms/auth-forms.validator';
export * from './forms/purchase-form.validator';
export * from './forms/answer.validator';
export * from './sanitize/sanitize.types';
export * from './sanitize/sanitize.constants';
export * from './sanitize/quick-test-cases';
export * from './sanitize/what-changed';
export * from './answers/numbers';
export * from './answers/check-answer';
export * from './questions/question-rules';

/**
 * `@examprep/validation/sanitize`: the sanitizer itself. It pulls in sanitize-html (an HTML
 * parser and postcss), so it lives apart from the main entry, which the web app loads on
 * every page; the tester page only needs the light parts re-exported here and there.
 */
export { sanitize } from './sanitize';
export * from './sanitize.types';
export * from './sanitize.constants';
export * from './quick-test-cases';
export * from './what-changed';

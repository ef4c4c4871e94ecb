import sanitizeHtml from 'sanitize-html';

/** Elements removed together with their content, not just their tags. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'template',
  'title',
];

const NO_TAGS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
};

/**
 * General text through a real HTML parser (sanitize-html): every tag goes, script and style
 * content goes, and the result is HTML-escaped text (`<` becomes `&lt;`) safe to insert
 * anywhere in a page.
 */
export function stripHtml(text: string): string {
  return sanitizeHtml(text, NO_TAGS);
}

/**
 * English of generated texts: the article by the next word's sound ('an 8-hour infusion',
 * 'a unit', 'an hour') and the number agreement of counted words ('1 hour', '1.5 hours').
 * The lint (../lint) checks every item against the same rules.
 */

/** Words spelled with a vowel but said with a consonant sound ('a unit', 'a one-time'). */
const CONSONANT_SOUND = /^(uni(?!n|mp|nf|ns)|use|usu|uti|ure|uri|uro|uvu|eu|ewe|one|once|ouija)/i;
/** Words spelled with a consonant but said with a vowel sound: the silent h. */
const VOWEL_SOUND = /^(hour|honest|honou?r|heir|herb)/i;
/**
 * Abbreviations read as the words they stand for ('a mL' is 'a milliliter', 'an hr' is
 * 'an hour'): the first letter of an abbreviation is not its sound.
 */
const SPOKEN: Readonly<Record<string, string>> = {
  mL: 'milliliter',
  L: 'liter',
  mg: 'milligram',
  mcg: 'microgram',
  g: 'gram',
  kg: 'kilogram',
  lb: 'pound',
  oz: 'ounce',
  hr: 'hour',
  h: 'hour',
  min: 'minute',
  gtt: 'drop',
  mEq: 'milliequivalent',
  cm: 'centimeter',
  mm: 'millimeter',
  m: 'meter',
  km: 'kilometer',
  in: 'inch',
  ft: 'foot',
  mi: 'mile',
  tsp: 'teaspoon',
  tbsp: 'tablespoon',
  dL: 'deciliter',
};
/** Letters whose names start with a vowel sound: 'an IV', 'an MRI', 'an NPO order', 'an X'. */
const VOWEL_LETTERS = new Set('AEFHILMNORSX');

/**
 * True when `word` (a word, an abbreviation or a number as written) starts with a vowel
 * sound, so the article before it is 'an'.
 */
export function startsWithVowelSound(word: string): boolean {
  const w = word.replace(/^[("'\u2018\u201c$\\]+/, '');
  if (!w) return false;
  if (/^\d/.test(w)) return numberStartsWithVowel(w);
  const bare = w.replace(/[^A-Za-z].*$/, '');
  const spoken = SPOKEN[bare];
  if (spoken) return startsWithVowelSound(spoken);
  // An abbreviation said letter by letter (IV, NPO, ICU; not a capitalised word like 'Order').
  if (bare.length >= 2 && bare === bare.toUpperCase()) return VOWEL_LETTERS.has(bare[0]);
  if (bare.length === 1) return VOWEL_LETTERS.has(bare.toUpperCase());
  if (VOWEL_SOUND.test(bare)) return true;
  if (CONSONANT_SOUND.test(bare)) return false;
  return /^[aeiou]/i.test(bare);
}

/**
 * A number is said from its leading group: 8, 80-89, 800-899 ('an eight…'), 11 and 18
 * ('an eleven', 'an eighteen'), also as the leading group of 11,500 or 18,000; 1,100 written
 * as '1100' is said 'eleven hundred'.
 */
function numberStartsWithVowel(text: string): boolean {
  const whole = /^[\d,]+/.exec(text)?.[0] ?? '';
  const lead = whole.includes(',') ? whole.split(',')[0] : whole;
  if (lead.startsWith('8')) return true;
  if (lead === '11' || lead === '18') return true;
  // 1100-1199 and 1800-1899 without a separator read as 'eleven/eighteen hundred'
  return /^1[18]\d\d$/.test(lead);
}

/** 'a' or 'an' for the word that follows: aOrAn('8-hour') = 'an', aOrAn('unit') = 'a'. */
export function aOrAn(word: string): 'a' | 'an' {
  return startsWithVowelSound(word) ? 'an' : 'a';
}

/** The first letter in capitals, for the start of a sentence: 'An esmolol infusion'. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The word with its article: withArticle('IV antibiotic') = 'an IV antibiotic'. */
export function withArticle(phrase: string): string {
  return `${aOrAn(phrase)} ${phrase}`;
}

/** Irregular plurals of the counted words the generators write. */
const IRREGULAR: Readonly<Record<string, string>> = {
  foot: 'feet',
  inch: 'inches',
  child: 'children',
  person: 'people',
  box: 'boxes',
  patch: 'patches',
  batch: 'batches',
};

/** The plural of a counted word: 'hour' -> 'hours', 'foot' -> 'feet', 'inch' -> 'inches'. */
export function pluralOf(word: string): string {
  return IRREGULAR[word] ?? `${word}s`;
}

/**
 * The counted word in agreement with its number: exactly 1 takes the singular ('1 hour',
 * '1 foot'); every other number, 0 and decimals included, the plural ('0.5 hours', '2 feet').
 */
export function countWord(n: number, word: string): string {
  return n === 1 ? word : pluralOf(word);
}

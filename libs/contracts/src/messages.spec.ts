import { getMetadataStorage } from 'class-validator';
import * as contracts from './index';

// Every text the API may answer with reaches a person through the web app (form fields,
// notices), so each one is a sentence: 'Content is required.', never 'content is required.'.

/** Texts the specification writes as titles or prefixes; they are quoted exactly. */
const SPEC_TEXTS_NOT_SENTENCES = new Set(['Please fix the following:', 'Woah there... ']);

const isSentence = (text: string) => /^[A-Z0-9]/.test(text) && /[.!?)]$/.test(text);

function messageConstants(): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('_MESSAGES') || typeof value !== 'object' || value === null) continue;
    for (const [key, text] of Object.entries(value)) {
      if (typeof text === 'string') out.push([`${name}.${key}`, text]);
    }
  }
  return out;
}

/** [Dto.property rule, message] of every class-validator rule on an exported class. */
function dtoMessages(): [string, unknown][] {
  const storage = getMetadataStorage();
  const out: [string, unknown][] = [];
  for (const [name, value] of Object.entries(contracts)) {
    if (typeof value !== 'function') continue;
    const rules = storage.getTargetValidationMetadatas(value as new () => object, '', true, false);
    for (const rule of rules) {
      // @IsOptional() is a condition, not a check: it never answers with a message.
      if (rule.type === 'conditionalValidation') continue;
      out.push([`${name}.${rule.propertyName} ${rule.name ?? rule.type}`, rule.message]);
    }
  }
  return out;
}

describe('API messages', () => {
  it('finds the message constants and the DTO rules it checks', () => {
    expect(messageConstants().length).toBeGreaterThan(40);
    expect(dtoMessages().length).toBeGreaterThan(60);
    expect(Object.fromEntries(messageConstants())).toMatchObject({
      'ANNOUNCEMENT_MESSAGES.contentRequired': 'Content is required.',
    });
  });

  it('every message constant is a sentence (capital first, full stop last)', () => {
    const bad = messageConstants().filter(
      ([, text]) => !SPEC_TEXTS_NOT_SENTENCES.has(text) && !isSentence(text),
    );
    expect(bad).toEqual([]);
  });

  it('every DTO rule names its own message, and it is a sentence', () => {
    const bad = dtoMessages().filter(
      ([, message]) => typeof message !== 'string' || !isSentence(message),
    );
    // A rule without a message would answer with class-validator's English ('x must be a string').
    expect(bad).toEqual([]);
  });
});

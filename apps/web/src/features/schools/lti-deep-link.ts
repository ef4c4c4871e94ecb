import {
  DEEP_LINK_SEND_PATH,
  LTI_LIMITS,
  type DeepLinkOption,
  type DeepLinkPick,
  type DeepLinkRequestView,
  type LtiResource,
} from '@examprep/contracts/types';
import { LTI_DEEP_LINK_MESSAGES as T } from './lti-deep-link.messages';

/** The picker's sections: tests, workbooks, then the practice tools (Infinite QBank, pump). */
export type DeepLinkGroupKey = keyof typeof T.groups;

const GROUP_OF: Record<LtiResource['kind'], DeepLinkGroupKey> = {
  test: 'test',
  workbook: 'workbook',
  infinite: 'practice',
  pump: 'practice',
  dashboard: 'dashboard',
};
const GROUP_ORDER: readonly DeepLinkGroupKey[] = ['test', 'workbook', 'practice', 'dashboard'];

export interface DeepLinkGroup {
  key: DeepLinkGroupKey;
  options: DeepLinkOption[];
}

/** The options by section, in the service's order within each; empty sections left out. */
export function groupOptions(options: readonly DeepLinkOption[]): DeepLinkGroup[] {
  return GROUP_ORDER.map((key) => ({
    key,
    options: options.filter((o) => GROUP_OF[o.resource.kind] === key),
  })).filter((g) => g.options.length > 0);
}

/** What the instructor set for one picked option, as typed. */
export interface PickSettings {
  title: string;
  graded: boolean;
}

/** The picked options by key (a Map: keys are the server's data, never object members). */
export type Picks = ReadonlyMap<string, PickSettings>;

/**
 * `picks` with `option` picked or not. A new pick starts with the option's own title and graded
 * on; an LMS that takes one item at a time keeps only the newest pick (the radio group).
 */
export function setPicked(
  picks: Picks,
  option: DeepLinkOption,
  picked: boolean,
  acceptMultiple: boolean,
): Picks {
  const next = new Map(acceptMultiple ? picks : []);
  if (picked) next.set(option.key, picks.get(option.key) ?? { title: option.title, graded: true });
  else next.delete(option.key);
  return next;
}

/** `picks` with one pick's settings changed. */
export function updatePick(picks: Picks, key: string, change: Partial<PickSettings>): Picks {
  const current = picks.get(key);
  if (!current) return picks;
  return new Map(picks).set(key, { ...current, ...change });
}

/** Refusals of the browser's check or the server: one for the whole form, one per title. */
export interface DeepLinkErrors {
  form: string[];
  /** By option key. */
  titles: ReadonlyMap<string, string>;
}

export type DeepLinkCheck =
  { picks: DeepLinkPick[]; errors: null } | { picks: null; errors: DeepLinkErrors };

/**
 * The body's picks, in the options' order, after the service's own checks (DeepLinkResponseDto):
 * at least one, one only when the LMS takes one, titles of at most LTI_LIMITS.name characters
 * (trimmed, as the service trims; empty: the option's title). `graded` is asked for only where
 * the LMS makes gradebook columns and the option is a test.
 */
export function checkPicks(view: DeepLinkRequestView, picks: Picks): DeepLinkCheck {
  const chosen = view.options.filter((o) => picks.has(o.key));
  if (chosen.length === 0)
    return { picks: null, errors: { form: [T.nothingPicked], titles: new Map() } };
  if (!view.acceptMultiple && chosen.length > 1) {
    return { picks: null, errors: { form: [T.oneOnly], titles: new Map() } };
  }
  const titles = new Map<string, string>();
  const body = chosen.map((option): DeepLinkPick => {
    const settings = picks.get(option.key) ?? { title: '', graded: true };
    const title = settings.title.trim();
    if (title.length > LTI_LIMITS.name) titles.set(option.key, T.titleTooLong);
    return {
      key: option.key,
      ...(title ? { title } : {}),
      ...(view.acceptLineItem && option.gradable ? { graded: settings.graded } : {}),
    };
  });
  return titles.size > 0
    ? { picks: null, errors: { form: [], titles } }
    : { picks: body, errors: null };
}

/** A pick's title field as the service names it (`picks.0.title`, under any envelope prefix). */
const PICK_TITLE_FIELD = /(?:^|\.)picks\.(\d+)\.title$/;

/**
 * The server's field errors of a refused answer: a pick's title next to its field, anything
 * else (each sentence once) for the whole form; `fallback` when there are none.
 */
export function serverErrorsOf(
  fields: Readonly<Record<string, string[]>>,
  sent: readonly DeepLinkPick[],
  fallback: string,
): DeepLinkErrors {
  const titles = new Map<string, string>();
  const form = new Set<string>();
  for (const [name, messages] of Object.entries(fields)) {
    const index = PICK_TITLE_FIELD.exec(name)?.[1];
    const key = index === undefined ? undefined : sent[Number(index)]?.key;
    if (key !== undefined && messages[0]) titles.set(key, messages[0]);
    else for (const m of messages) form.add(m);
  }
  return { form: form.size > 0 || titles.size > 0 ? [...form] : [fallback], titles };
}

/** The browser's navigation to the send page (one object, so specs can watch it). */
export const lmsNavigation: Pick<Location, 'assign'> = {
  assign: (url: string | URL) => window.location.assign(url),
};

/**
 * Sends the signed answer to the LMS (Deep Linking 2.0 §4.2): the browser opens our one-time
 * send page, which POSTs the JWT to the LMS's return URL under a policy allowing that one form
 * action (this app's own allows forms to itself and Keycloak only). Only our send path is
 * followed: the answer never sends the browser anywhere else.
 */
export function sendToLms(
  sendUrl: string,
  location: Pick<Location, 'assign'> = lmsNavigation,
): void {
  if (!sendUrl.startsWith(`${DEEP_LINK_SEND_PATH}?`)) throw new Error(T.badReturnUrl);
  location.assign(sendUrl);
}

import { ComingSoon } from '../../shared/layout/ComingSoon';
import { PLACEHOLDER_PAGES, type PlaceholderPageKey } from './placeholders.messages';

/** A route of a later capability: an honest "coming soon" card, no fake controls. */
export default function PlaceholderPage({ page }: { page: PlaceholderPageKey }) {
  const { title, message } = PLACEHOLDER_PAGES[page];
  return <ComingSoon title={title} message={message} />;
}

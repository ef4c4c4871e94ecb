import { MEDIA_LABELS, MEDIA_MESSAGES } from '@examprep/contracts/types';
import { LAYOUT_MESSAGES } from '../../shared/layout/layout.messages';

/**
 * Texts of the workbook page (learner spec §2 /workbook/{productId}, §6 access, §8
 * Downloads). The spec's sentences come from the contracts (MEDIA_MESSAGES) so the services,
 * the page and the tests quote the same strings.
 */
export const WORKBOOK_MESSAGES = {
  ...MEDIA_LABELS,
  pageTitle: 'Workbook',
  noAccess: MEDIA_MESSAGES.noAccess,
  notFound: MEDIA_MESSAGES.workbookNotFound,
  loadFailed: MEDIA_MESSAGES.workbookLoadFailed,
  videoFailed: MEDIA_MESSAGES.videoFailed,
  downloadFailed: MEDIA_MESSAGES.downloadFailed,
  authRequired: MEDIA_MESSAGES.authRequired,
  tooManyDownloads: MEDIA_MESSAGES.tooManyDownloads,
  loading: 'Loading the workbook…',
  tryAgain: LAYOUT_MESSAGES.tryAgain,
  backToDashboard: 'Back to the dashboard',
  noChapters: 'This workbook has no chapters yet. Please check back soon.',
  summary: (questions: number, pages: number) =>
    `${questions.toLocaleString('en-US')} questions on ${pages.toLocaleString('en-US')} pages`,
  pdfIntro: 'Your copy is stamped with your email address: it is for your personal use only.',
  chapterHeading: (n: number, title: string) => `Chapter ${n}: ${title}`,
  topics: 'Topics',
  questions: (n: number) => (n === 1 ? '1 question' : `${n} questions`),
  startsOnPage: (page: number) => `starts on page ${page}`,
  play: (title: string) => `Play video: ${title}`,
  playing: 'Playing',
  nowPlaying: (title: string) => `Now playing: ${title}`,
  closeVideo: 'Close video',
  loadingVideo: 'Loading the video…',
  duration: (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  },
  downloadProgress: 'Download progress',
  received: (received: string, total: string | null) =>
    total ? `${received} of ${total} received` : `${received} received`,
  downloaded: (fileName: string) => `Downloaded ${fileName}.`,
} as const;

/** Bytes as people read them: '812 KB', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

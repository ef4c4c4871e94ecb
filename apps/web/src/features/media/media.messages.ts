/** Texts of the media shown on the test, review and editor screens (ours, not the spec's). */
export const MEDIA_VIEW_MESSAGES = {
  loadingImage: 'Loading image…',
  loadingVideo: 'Loading video…',
  imageFailed: 'The image could not be loaded.',
  videoFailed: 'The video could not be loaded.',
} as const;

// Unit tests of file downloads (downloadTextFile and the screens that export): object URLs are
// stubbed, link clicks are recorded instead of navigating, and a Blob can be read back.

/** One recorded click on a download link; `rel` and `attached` only with `linkDetails`. */
export interface CapturedClick {
  download: string;
  href: string;
  rel?: string;
  /** Whether the link was in the document when it was clicked. */
  attached?: boolean;
}

/**
 * Installs, for every test of the calling `describe`, stubs of `URL.createObjectURL` (answering
 * `href(n)` for the n-th Blob) and `URL.revokeObjectURL`, and records link clicks. The returned
 * arrays are emptied before each test and restored after it.
 */
export function captureDownloads(options: { href: (n: number) => string; linkDetails?: boolean }): {
  blobs: Blob[];
  clicked: CapturedClick[];
} {
  const blobs: Blob[] = [];
  const clicked: CapturedClick[] = [];
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    blobs.length = 0;
    clicked.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return options.href(blobs.length);
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(
        options.linkDetails
          ? {
              download: this.download,
              href: this.href,
              rel: this.rel,
              attached: document.body.contains(this),
            }
          : { download: this.download, href: this.href },
      );
    });
  });
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    jest.restoreAllMocks();
  });
  return { blobs, clicked };
}

/** The text of a Blob (jsdom's Blob has no `text()`). */
export function readBlob(blob: Blob): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

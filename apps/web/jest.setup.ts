import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { signedUrlCache } from './src/features/media/signed-url-cache';

// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The app's one signed-URL cache is a module: each test starts with it empty (before, not
// after: a clear while the last test's screen is still mounted would refill it).
beforeEach(() => signedUrlCache.clear());

afterEach(() => {
  // server/ specs run in node (no window)
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

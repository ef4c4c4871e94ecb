import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { signedUrlCache } from './src/features/media/signed-url-cache';

// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// How long findBy*/waitFor wait for what a test expects. Testing Library's default, 1 s, is
// less than a lazy page's first import takes on a fresh clone (its modules are transformed on
// first use) while the other Jest worker and CI share the two cores: a redirect to
// /dashboard then still showed the old address at 1 s. What is asserted is unchanged; Jest's
// test timeout (jest.preset.cjs) still bounds every test.
configure({ asyncUtilTimeout: 5000 });

// The app's one signed-URL cache is a module: each test starts with it empty (before, not
// after: a clear while the last test's screen is still mounted would refill it).
beforeEach(() => signedUrlCache.clear());

afterEach(() => {
  // server/ specs run in node (no window)
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

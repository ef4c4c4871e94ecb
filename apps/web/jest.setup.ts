import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

afterEach(() => {
  // server/ specs run in node (no window)
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

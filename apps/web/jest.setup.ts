import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

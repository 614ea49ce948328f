import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, vi } from 'vitest';
import i18next, { loadSignedInTexts } from './i18n/index.ts';
import { outbox } from './api/offline/outbox.ts';

// Cloudscape's test utilities fire events outside Testing Library: tell React it runs under test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Cloudscape pages take a few hundred milliseconds to render in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Tests read the English texts unless they switch language themselves, the signed-in screens' included
// (components are rendered on their own, outside the signed-in frame that loads them).
beforeEach(async () => {
  await i18next.changeLanguage('en');
  await loadSignedInTexts();
});

afterEach(async () => {
  cleanup();
  // Real timers first: fake-indexeddb schedules its work on them, and a test's fake ones would stall it.
  vi.useRealTimers();
  // What a field agent's device kept (api/offline/device-store.ts) does not pass to the next test.
  outbox.close();
  await clear(createStore('cpbo-offline', 'records'));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

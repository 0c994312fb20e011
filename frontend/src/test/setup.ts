import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { initI18n } from '../i18n';
import { toast } from '../shell/toast';

// Test files share their worker's environment and modules (vite.config.ts): what one test leaves in the page's
// stores must not reach the next.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  toast.clear();
  await initI18n('en');
});

afterEach(() => {
  cleanup();
});

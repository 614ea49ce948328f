import { useEffect, useState } from 'react';
import { loadAppConfig, type AppConfig } from './app-config.ts';

// Kept for a page opened offline, where /config.json cannot be read.
const storageKey = 'environment';

const labelOf = ({ environment }: AppConfig): string | null =>
  typeof environment === 'string' && environment.trim() ? environment.trim() : null;

const storedLabel = (): string | null => {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
};

const storeLabel = (label: string | null) => {
  try {
    if (label === null) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, label);
  } catch {
    // Storage can be disabled (privacy settings): the label then shows only online.
  }
};

/**
 * The deployment's environment name ('demo'…) from /config.json (read when shown: a small static file);
 * null while unknown or absent. Apart from the query library, which the login page does not load.
 */
export function useEnvironmentLabel(): string | null {
  const [label, setLabel] = useState(storedLabel);
  useEffect(() => {
    let shown = true;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (offline) return;
    void loadAppConfig().then((config) => {
      const current = labelOf(config);
      storeLabel(current);
      if (shown) setLabel(current);
    });
    return () => {
      shown = false;
    };
  }, []);
  return label;
}

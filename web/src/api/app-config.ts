import type { AppConfig } from '@cpbo/schemas/app-config.ts';

export type { AppConfig };

/** Never fails: without the file the app simply shows no environment label. */
export async function loadAppConfig(): Promise<AppConfig> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) return {};
    const config: unknown = await response.json();
    return config && typeof config === 'object' ? (config as AppConfig) : {};
  } catch {
    return {};
  }
}

/** Deployment facts served beside the app (CloudFront in AWS, the local server on a laptop). */
export interface AppConfig {
  environment?: string;
}

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

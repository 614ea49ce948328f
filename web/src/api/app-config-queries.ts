import { useQuery } from '@tanstack/react-query';
import { loadAppConfig } from './app-config.ts';
import { queryKeys } from './query-keys.ts';

/** The deployment's environment name ('demo'…) from /config.json; null while unknown or absent. */
export function useEnvironmentLabel(): string | null {
  // The file does not change while the app runs.
  const { data } = useQuery({ queryKey: queryKeys.appConfig, queryFn: loadAppConfig, staleTime: Infinity });
  const environment = data?.environment;
  return typeof environment === 'string' && environment.trim() ? environment.trim() : null;
}

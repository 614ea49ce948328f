import { useEffect, useState } from 'react';
import { loadAppConfig } from '../../api/app-config.ts';

/** The deployment's environment name ('demo'…) from /config.json; null while unknown or absent. */
export function useEnvironmentLabel(): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadAppConfig().then(({ environment }) => {
      if (current && typeof environment === 'string' && environment.trim()) setLabel(environment.trim());
    });
    return () => {
      current = false;
    };
  }, []);
  return label;
}

import { useEffect, useState } from 'react';
import {
  findEnabler,
  listEnablerConfigs,
  type AdminEnabler,
  type EnablerConfigVersion,
} from '../../api/enablers.ts';

/** An enabler with its configs (newest first), as the config screens need them. */
export type EnablerConfigs =
  | { status: 'loading' }
  /** No such enabler, or it could not be loaded (the error dialog said why). */
  | { status: 'missing' }
  | { status: 'loaded'; enabler: AdminEnabler; configs: EnablerConfigVersion[] };

/** Loads an enabler (for its name) then its configs; there is no GET of one config, the screens find it here. */
export function useEnablerConfigs(enablerId: string | undefined): EnablerConfigs {
  const [loaded, setLoaded] = useState<EnablerConfigs & { enablerId?: string }>({ status: 'loading' });

  useEffect(() => {
    if (enablerId === undefined) return;
    let current = true;
    const load = async (): Promise<EnablerConfigs> => {
      // One after the other: an unknown enabler is said once, not also as a failed config call.
      const enabler = await findEnabler(enablerId);
      if (!enabler) return { status: 'missing' };
      return { status: 'loaded', enabler, configs: await listEnablerConfigs(enablerId) };
    };
    load().then(
      (result) => current && setLoaded({ ...result, enablerId }),
      () => current && setLoaded({ status: 'missing', enablerId }),
    );
    return () => {
      current = false;
    };
  }, [enablerId]);

  // What was loaded for another enabler is not shown under this one's address.
  if (enablerId === undefined) return { status: 'missing' };
  return loaded.enablerId === enablerId ? loaded : { status: 'loading' };
}

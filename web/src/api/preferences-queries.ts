import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesAnswer } from '@cpbo/schemas/preferences.ts';
import { useSession } from '../session/session-context.ts';
import {
  getPreferences,
  saveTablePreferences,
  type PreferenceTable,
  type TablePreferences,
} from './preferences.ts';
import { queryKeys } from './query-keys.ts';

const useSignedInEmail = (): string => {
  const session = useSession();
  return session.status === 'signedIn' ? session.session.user.email : '';
};

/** The signed-in user's preferences, read once a session (kept on the server, they follow the user). */
export const usePreferences = () => {
  const email = useSignedInEmail();
  return useQuery({
    queryKey: queryKeys.preferences(email),
    queryFn: getPreferences,
    enabled: email !== '',
    staleTime: Infinity,
    retry: false,
  });
};

/**
 * One table's preferences and their keeper: `ready` once read (or failed: the table's defaults then), and
 * `save`, which the screen uses at once and the server keeps for the user's next session or browser.
 */
export const useTablePreferences = (table: PreferenceTable | undefined) => {
  const queryClient = useQueryClient();
  const preferences = usePreferences();
  const key = queryKeys.preferences(useSignedInEmail());
  const chosen: TablePreferences = (table && preferences.data?.tables[table]) || {};
  return {
    chosen,
    ready: table === undefined || !preferences.isPending || preferences.fetchStatus === 'idle',
    save: (change: TablePreferences) => {
      if (table === undefined) return;
      queryClient.setQueryData<PreferencesAnswer>(key, (kept) => ({
        tables: { ...kept?.tables, [table]: { ...kept?.tables[table], ...change } },
      }));
      // A failure leaves the choice on this screen; the next one tries again.
      saveTablePreferences(table, change).catch(() => undefined);
    },
  };
};

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Spinner from '@cloudscape-design/components/spinner';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  createEnabler,
  findEnabler,
  updateEnabler,
  type AdminEnabler,
  type EnablerProfile,
} from '../../api/enablers.ts';
import { useSignedInSession } from '../../app/session/session-context.ts';
import { useDocumentTitle } from '../../common/use-document-title.ts';
import { useFollow } from '../../common/use-follow.ts';
import { enablerLinks } from '../admin-enablers/enabler-links.ts';
import { EnablerForm } from './components/enabler-form.tsx';

type Loaded = { status: 'loading' } | { status: 'found'; enabler: AdminEnabler } | { status: 'missing' };

/** What was loaded, and for which address (an answer for another enabler is not shown under this one). */
type LoadedFor = Loaded & { id?: string };

/** /NewEnabler and /UpdateEnabler/:id: saving goes back to the enabler list. */
export function EnablerFormPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const navigate = useNavigate();
  const { refreshEnablers } = useSignedInSession();
  const { id } = useParams();
  const [loadedFor, setLoaded] = useState<LoadedFor>({ status: 'loading' });
  useDocumentTitle(t(id === undefined ? 'screens.newEnabler' : 'screens.updateEnabler'));

  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    findEnabler(id).then(
      (enabler) =>
        current && setLoaded(enabler ? { status: 'found', enabler, id } : { status: 'missing', id }),
      () => current && setLoaded({ status: 'missing', id }), // Shown by the error dialog.
    );
    return () => {
      current = false;
    };
  }, [id]);

  const save = async (profile: EnablerProfile) => {
    if (id === undefined) await createEnabler(profile, { errors: 'caller' });
    else await updateEnabler(id, profile, { errors: 'caller' });
    // The top bar's selector shows the new name at once; its failure must not hold the user here.
    void refreshEnablers().catch(() => undefined);
    navigate(enablerLinks.list);
  };
  const form = (enabler: AdminEnabler | null) => (
    <EnablerForm
      key={enabler?.id ?? 'new'}
      enabler={enabler}
      onSave={save}
      onCancel={() => navigate(enablerLinks.list)}
    />
  );

  if (id === undefined) return form(null);
  const loaded: Loaded = loadedFor.id === id ? loadedFor : { status: 'loading' };
  if (loaded.status === 'found') return form(loaded.enabler);
  return (
    <Container>
      {loaded.status === 'loading' ? (
        <Box textAlign="center">
          <Spinner size="large" />
        </Box>
      ) : (
        <SpaceBetween size="m">
          <Box variant="p">{t('enablers.notFound')}</Box>
          <Button href={enablerLinks.list} onFollow={follow}>
            {t('enablers.backToList')}
          </Button>
        </SpaceBetween>
      )}
    </Container>
  );
}

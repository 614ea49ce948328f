import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import { paths } from '../../navigation/paths.ts';
import { LoadState } from '../ui/load-state.tsx';
import { useFollow } from '../../browser/use-follow.ts';

/** An enabler screen while its enabler loads, or when there is no such enabler: back to the list. */
export function EnablerLoadState({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <Container>
      {loading ? (
        <LoadState status="loading" text={t('app.loading')} />
      ) : (
        <LoadState
          status="notFound"
          text={t('enablers.notFound')}
          action={
            <Button href={paths.adminEnablers} onFollow={follow}>
              {t('enablers.backToList')}
            </Button>
          }
        />
      )}
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { paths } from '../../../navigation/paths.ts';
import { useFollow } from '../../../common/browser/use-follow.ts';

/** The way to the API's reference (issue 17), beside the documentation of the data files. */
export function ApiReferenceSection() {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('datas.apiReference.description')}
          actions={
            <Button iconName="file" href={paths.apiReference} onFollow={follow}>
              {t('datas.apiReference.open')}
            </Button>
          }
        >
          {t('datas.apiReference.title')}
        </Header>
      }
    />
  );
}

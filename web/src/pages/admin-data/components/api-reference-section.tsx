import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import { paths } from '../../../navigation/paths.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import { Section } from '../../../common/ui/section.tsx';

/** The way to the API's reference (issue 17), beside the documentation of the data files. */
export function ApiReferenceSection() {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <Section
      title={t('datas.apiReference.title')}
      description={t('datas.apiReference.description')}
      actions={
        <Button iconName="file" href={paths.apiReference} onFollow={follow}>
          {t('datas.apiReference.open')}
        </Button>
      }
    />
  );
}

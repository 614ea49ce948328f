import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { PlotBreadcrumbs } from '../../common/plots/plot-breadcrumbs.tsx';
import { useLatestEnablerConfig } from '../../api/enablers-queries.ts';
import { NewPlotForm } from './components/new-plot-form.tsx';
import { useFieldPlotOwner } from '../../api/offline/field-queries.ts';
import { paths } from '../../navigation/paths.ts';
import { newPlotOutline } from './heading.ts';

/** /Member/{memberId}/Field: records a plot of a member, with its coverage dates computed. */
export function NewPlotPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const owner = useFieldPlotOwner(memberId);
  const config = useLatestEnablerConfig();
  const title = t(newPlotOutline.heading);
  useDocumentTitle(title);

  return (
    <ContentLayout
      breadcrumbs={
        <PlotBreadcrumbs
          memberId={memberId}
          memberName={owner?.name}
          current={title}
          currentHref={paths.newPlot(memberId)}
        />
      }
      header={
        <Header
          variant="h1"
          // Its line is kept while the member is read, so that the form does not move down when it comes.
          description={
            owner ? t(newPlotOutline.description, { member: owner.name, number: owner.number }) : '\u00a0'
          }
        >
          {title}
        </Header>
      }
    >
      <NewPlotForm memberId={memberId} memberName={owner?.name ?? ''} config={config} />
    </ContentLayout>
  );
}

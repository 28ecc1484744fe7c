import { ANALYSIS_FRAME_HEIGHT } from '@portal/contract';
import { useResourceLinks } from '../../shared/api/get-resource-links';
import { routes } from '../../shared/routes';
import { EmbeddedPage } from '../../shared/ui/embedded-page';

/** Analysis/AI (docs/product.md §2): the analysis dashboard, framed 1500px high (docs/product.md §9). */
export function AnalysisPage() {
  const links = useResourceLinks();
  return (
    <EmbeddedPage
      title="Analysis"
      breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Analysis' }]}
      src={links.data?.analysis}
      failed={links.isError}
      height={ANALYSIS_FRAME_HEIGHT}
    />
  );
}

import { ComingSoon } from './coming-soon';
import { PageHeader, type Crumb } from './page-header';

type ComingSoonPageProps = { title: string; breadcrumbs?: Crumb[] };

/** A whole screen (inside the app layout) that is not built yet. */
export function ComingSoonPage({ title, breadcrumbs }: ComingSoonPageProps) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <ComingSoon title={title} />
    </>
  );
}

import { CenteredShell } from './centered-shell';
import { ComingSoon } from './coming-soon';
import { PageHeader, type Crumb } from './page-header';
import { usePageTitle } from './use-page-title';

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

/** A screen outside the app layout (sign-in siblings, report details) that is not built yet. */
export function ComingSoonStandalone({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <CenteredShell width={560}>
      <ComingSoon title={title} />
    </CenteredShell>
  );
}

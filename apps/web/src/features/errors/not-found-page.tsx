import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../shared/routes';
import { ErrorScreen } from './components/error-screen';

/** /404, the literal /dashboard and every unknown path (docs/product.md §2). */
export function NotFoundPage() {
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      message={MESSAGES.notFoundPage}
      actions={
        <Button component={Link} to={routes.dashboard}>
          Dashboard
        </Button>
      }
    />
  );
}

import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../shared/routes';
import { ErrorScreen } from './components/error-screen';

/** /403: a signed-in user lacking the role (docs/product.md §2 Error pages). */
export function ForbiddenPage() {
  return (
    <ErrorScreen
      code="403"
      title="Access denied"
      message={MESSAGES.forbiddenPage}
      actions={
        <>
          <Button component={Link} to={routes.dashboard}>
            Dashboard
          </Button>
          {/* /logout signs out (keeping the NSBI flag) and lands on sign-in. */}
          <Button component={Link} to={routes.logout} variant="default">
            {MESSAGES.logInWithAnotherAccount}
          </Button>
        </>
      }
    />
  );
}

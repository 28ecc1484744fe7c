import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../shared/routes';
import { ErrorScreen } from './components/error-screen';

/** /401 (docs/product.md §2 Error pages). */
export function UnauthorizedPage() {
  return (
    <ErrorScreen
      code="401"
      title="Not authorized"
      message={MESSAGES.unauthorizedPage}
      actions={
        <Button component={Link} to={routes.login}>
          Sign In
        </Button>
      }
    />
  );
}

export { ForbiddenPage } from './forbidden-page';
export { NotFoundPage } from './not-found-page';
export { UnauthorizedPage } from './unauthorized-page';

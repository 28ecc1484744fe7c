import { createBrowserRouter } from 'react-router';
import { createRouteTable } from './route-table';

export const createAppRouter = () => createBrowserRouter(createRouteTable());
export type AppRouter = ReturnType<typeof createAppRouter>;

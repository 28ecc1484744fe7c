import { usersApiQuery, type UsersListParams } from './get-users';

/** GET users/export: the route of the list as shown (search, order, blocked; every page), for ExportCsvButton. */
export const usersExportPath = (params: UsersListParams) =>
  `users/export?format=csv&${usersApiQuery(params)}`;

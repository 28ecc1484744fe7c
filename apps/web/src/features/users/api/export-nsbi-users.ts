import { toApiQuery } from '../../../shared/ui/data-table/list-params';
import type { NsbiUsersListParams } from './get-nsbi-users';

/** GET dundas-bi/project/users-project-items/export: the NSBI Dashboards list as shown, every page. */
export const nsbiUsersExportPath = (params: NsbiUsersListParams) =>
  `dundas-bi/project/users-project-items/export?format=csv&${toApiQuery(params)}`;

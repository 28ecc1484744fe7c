import * as z from 'zod/mini';
import { biId, text, id } from './rules';
import { requiredText } from './auth';
import { pagedOf, pagedQuerySchema } from './envelope';

/** NS BI (docs/product.md §2 Reports and Report details, §3, §7 "BI account service", docs/api.md). */

/** ReportItem of docs/api.md: one of the caller's dashboards or reports. */
export const reportItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `dashboard`, `report`, or another BI type (icons: docs/product.md §3). */
  type: z.string(),
  createdAt: z.nullable(z.string()),
  /** `viewonly` lets the item open embedded; anything else: "Please contact …". */
  initialViewOptions: z.nullable(z.string()),
  folderId: z.nullable(z.string()),
  folderName: z.nullable(z.string()),
  friendlyLocationElements: z.array(z.string()),
  managedBy: z.nullable(z.literal('TS')),
});
export type ReportItem = z.infer<typeof reportItemSchema>;
export const reportItemListSchema = z.array(reportItemSchema);

export const projectItemsQuerySchema = z.object({
  /** `1`: walk the BI server again instead of answering from the portal's copy (Refresh). */
  refresh: z.optional(z.enum(['0', '1'])),
});

/** A portal user's BI account (`dundas-bi/account…`). */
export const biAccountSchema = z.object({
  user_id: z.number().check(z.int()),
  account_id: z.string(),
  account_name: z.string(),
  project_id: z.nullable(z.string()),
});
export type BiAccount = z.infer<typeof biAccountSchema>;

const userIdField = id({ error: 'The user is required.' });
export const biAccountCreateSchema = z.strictObject({ user_id: userIdField });
export const biAccountProjectSchema = z.strictObject({
  user_id: userIdField,
  project_id: z.nullable(biId()),
});
export const biAccountByNameQuerySchema = z.object({
  name: text().check(z.minLength(1), z.maxLength(255)),
});
/** `deleteFolders=true` (or `1`) empties the account's own project first; parsed to a boolean. */
export const biAccountDeleteQuerySchema = z.object({
  deleteFolders: z.pipe(
    z.optional(z.enum(['true', 'false', '1', '0'])),
    z.transform((value) => value === 'true' || value === '1'),
  ),
});
/** POST dundas-bi/account/project's answer: the project the user has now (null: none). */
export const biProjectAssignmentSchema = z.object({
  user_id: z.number().check(z.int()),
  project_id: z.nullable(z.string()),
});
export type BiProjectAssignment = z.infer<typeof biProjectAssignmentSchema>;

/** GET dundas-bi/log-on/token: with `item`, also the URL that opens it (checked against your items). */
/** `item` is mandatory: a token opens one item the caller may open, never their whole project. */
export const logOnTokenQuerySchema = z.object({
  item: biId(),
});
export const logOnTokenSchema = z.object({ logOnToken: z.string(), url: z.optional(z.string()) });
export type LogOnToken = z.infer<typeof logOnTokenSchema>;

/** Report folders (docs/api.md): portal-side groupings of BI items. */
export const reportFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type ReportFolder = z.infer<typeof reportFolderSchema>;
export const reportFolderListSchema = z.array(reportFolderSchema);
/** Path parameter `{id}` of bi/reports/folders/{id}: a portal folder id. */
export const reportFolderParamsSchema = z.object({ id: z.uuid() });
const folderIdField = z.nullable(z.uuid({ error: 'The folder is not valid.' }));
export const reportFolderCreateSchema = z.strictObject({
  name: requiredText('Name', 100),
  parent_id: z.optional(folderIdField),
});
export const reportFolderUpdateSchema = z.strictObject({
  name: z.optional(requiredText('Name', 100)),
  parent_id: z.optional(folderIdField),
});
/** Path parameter `{id}` of bi/reports/{id}/…: a BI file id. */
export const reportItemParamsSchema = z.object({ id: biId() });
export const setReportFolderSchema = z.strictObject({ folder_id: folderIdField });
/** PUT bi/reports/{id}/set-folder's answer: which portal folder the BI item shows in now. */
export const reportFolderAssignmentSchema = z.object({
  bi_file_id: z.string(),
  folder_id: z.nullable(z.string()),
});
export type ReportFolderAssignment = z.infer<typeof reportFolderAssignmentSchema>;

export const reportClickQuerySchema = z.object({
  report_id: biId({ error: 'report_id is required.' }),
});

/** Product names a "Please contact …" message names: who manages the item. */
export const NSBI_PRODUCT = 'NSBI';

export const BI_MESSAGES = {
  notViewOnly: (product: string, type: string) => `Please contact ${product} to view this ${type}`,
  managedSuffix: '(managed by TS)',
  noItems:
    'We were unable to find any NS BI application under your account. Please contact the provider for assistance.',
  nsbiOff: 'NS BI is not enabled for this user.',
  accountExists: 'This user already has a BI account.',
  noAccount: 'This user has no BI account.',
  accountDeleted: 'The BI account was deleted.',
  unknownProject: 'The BI server has no such project.',
  unknownItem: 'This dashboard or report is not one of yours.',
  viewExpired: (type: string) => `This ${type} was open too long and its BI session has ended.`,
  viewForbidden: 'The BI server would not show this item to your account.',
  folderNotFound: 'This folder does not exist.',
  folderCycle: 'A folder cannot be moved into itself.',
} as const;

/** A node of a user's project tree (docs/product.md §3 "Report tree node"): a folder, or a leaf item. */
export type ReportTreeNode = {
  id: string;
  name: string;
  description: string | null;
  type: string;
  isLeaf: boolean;
  managedBy: 'TS' | null;
  children: ReportTreeNode[];
};
export const reportTreeNodeSchema: z.ZodMiniType<ReportTreeNode> = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.string(),
  isLeaf: z.boolean(),
  managedBy: z.nullable(z.literal('TS')),
  get children() {
    return z.array(reportTreeNodeSchema);
  },
});

/** docs/product.md §3 "Report access entry". `isReadOnly`: Tattle Systems manages it; admins cannot change it. */
export const reportAccessEntrySchema = z.object({ biReportId: z.string(), isReadOnly: z.boolean() });
export type ReportAccessEntry = z.infer<typeof reportAccessEntrySchema>;
export const reportAccessListSchema = z.array(reportAccessEntrySchema);

/** GET users/{id}/reports. `configured: false`: no admin has chosen yet, the user sees every item. */
export const userReportsSchema = z.object({
  tree: z.array(reportTreeNodeSchema),
  access: z.array(reportAccessEntrySchema),
  configured: z.boolean(),
  /** Every item of the project as the Reports screen presents it (folders included): for the preview. */
  items: z.array(reportItemSchema),
});
export type UserReports = z.infer<typeof userReportsSchema>;

export const saveUserReportsSchema = z.strictObject({
  report_ids: z.array(biId()).check(z.maxLength(20_000)),
});

export const REPORT_ACCESS_MESSAGES = {
  saved: 'Report access saved.',
  notInProject: (ids: string[]) => `Not in this user's BI project: ${ids.join(', ')}`,
  managed: (ids: string[]) => `Managed by TS, so not yours to grant: ${ids.join(', ')}`,
  noProject: 'This user has no BI project yet: assign one first.',
} as const;

/** GET dundas-bi/project/users-project-items (Users NSBI Dashboards): NSBI users with their items. */
export const NSBI_USER_SORT_COLUMNS = ['id', 'name', 'email', 'createdAt'] as const;
export const nsbiUsersQuerySchema = pagedQuerySchema(NSBI_USER_SORT_COLUMNS);
export type NsbiUsersQuery = z.infer<typeof nsbiUsersQuerySchema>;
/** `GET dundas-bi/project/users-project-items/export`: the list's search and order as CSV. */
export const nsbiUsersExportQuerySchema = z.extend(nsbiUsersQuerySchema, {
  format: z._default(z.enum(['csv']), 'csv'),
});
const namedItemSchema = z.object({ id: z.string(), name: z.string() });
export const nsbiUserItemsSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  project: z.nullable(z.object({ projectId: z.string(), name: z.nullable(z.string()) })),
  dashboards: z.array(namedItemSchema),
  reports: z.array(namedItemSchema),
  /** The BI server could not be read for this user's project: their items are unknown right now. */
  unavailable: z.boolean(),
});
export type NsbiUserItems = z.infer<typeof nsbiUserItemsSchema>;
export const pagedNsbiUsersSchema = pagedOf(nsbiUserItemsSchema);
export type PagedNsbiUsers = z.infer<typeof pagedNsbiUsersSchema>;

/** POST dundas-bi/account/projects (Connect reports): one project for several users at once. */
export const biBulkProjectSchema = z.strictObject({
  user_ids: z
    .array(id())
    .check(
      z.minLength(1, { error: 'Choose at least one user.' }),
      z.maxLength(500, { error: 'At most 500 users at once.' }),
    ),
  project_id: z.nullable(biId()),
});
export type BiBulkProject = z.infer<typeof biBulkProjectSchema>;
/** Its answer: how many users now have the project, and the sentence that says so. */
export const biBulkProjectAnswerSchema = z.object({
  data: z.object({ count: z.number() }),
  message: z.string(),
});
export const CONNECT_REPORTS_MESSAGES = {
  assigned: (count: number, project: string | null) =>
    project
      ? `Project assigned to ${count} ${count === 1 ? 'user' : 'users'}.`
      : `Project removed from ${count} ${count === 1 ? 'user' : 'users'}.`,
  unknownUsers: (ids: number[]) => `No such users: ${ids.join(', ')}`,
} as const;

/**
 * The `sandbox` of the frame that shows a BI view: scripts (the view is an app), its own origin
 * (its cookies and calls to its server, and `postMessage` arriving from that origin, which the
 * page checks: a sandbox without it makes the origin "null"), and downloads (its exports). Not
 * granted: navigating the portal's tab, pop-ups, forms, modal dialogs, pointer lock.
 */
export const BI_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-downloads';

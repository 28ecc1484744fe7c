import {
  biAccountSchema,
  biProjectAssignmentSchema,
  biProjectSchema,
  logOnTokenSchema,
  nsbiUserItemsSchema,
  reportAccessEntrySchema,
  reportFolderAssignmentSchema,
  reportFolderSchema,
  reportItemSchema,
  reportTreeNodeSchema,
  usageSchema,
  userReportsSchema,
} from '@portal/contract';
import { type Component, at, reportItem } from './examples';

/** NS BI: BI accounts and projects, report items and folders, report access, usage. */
export const nsBiComponents: Component[] = [
  [
    biAccountSchema,
    'BiAccount',
    {
      user_id: 42,
      account_id: '3a7c9e1b-5d2f-4b6a-8c0e-9f1d3b5a7c2e',
      account_name: 'portal-user-42',
      project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11',
    },
  ],
  [
    biProjectSchema,
    'BiProject',
    { projectId: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', name: 'Fleet Insights' },
  ],
  [
    biProjectAssignmentSchema,
    'BiProjectAssignment',
    { user_id: 42, project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11' },
  ],
  [reportItemSchema, 'ReportItem', reportItem],
  [
    logOnTokenSchema,
    'LogOnToken',
    {
      logOnToken: 'b1e2c3d4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      url: 'https://bi.example/Dashboard/5d0f7c3e-91a2-4b8e-8c3d-1f2a3b4c5d6e?e=false&vo=viewonly&logonTokenId=b1e2c3d4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
    },
  ],
  [
    reportFolderSchema,
    'ReportFolder',
    { id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f', name: 'Fuel', parent_id: null, created_at: at },
  ],
  [
    reportFolderAssignmentSchema,
    'ReportFolderAssignment',
    { bi_file_id: reportItem.id, folder_id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f' },
  ],
  [
    reportTreeNodeSchema,
    'ReportTreeNode',
    {
      id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f',
      name: 'Fuel',
      description: null,
      type: 'folder',
      isLeaf: false,
      managedBy: null,
      children: [
        {
          id: reportItem.id,
          name: reportItem.name,
          description: 'Litres per 100 km',
          type: 'dashboard',
          isLeaf: true,
          managedBy: null,
          children: [],
        },
      ],
    },
  ],
  [reportAccessEntrySchema, 'ReportAccessEntry', { biReportId: reportItem.id, isReadOnly: false }],
  [
    userReportsSchema,
    'UserReports',
    {
      tree: [],
      access: [{ biReportId: reportItem.id, isReadOnly: false }],
      configured: true,
      items: [reportItem],
    },
  ],
  [
    nsbiUserItemsSchema,
    'NsbiUserItems',
    {
      id: 42,
      name: 'Dana Fleet',
      email: 'dana@acme-logistics.example',
      createdAt: at,
      project: { projectId: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', name: 'Fleet Insights' },
      dashboards: [{ id: reportItem.id, name: reportItem.name }],
      reports: [],
      unavailable: false,
    },
  ],
  [
    usageSchema,
    'Usage',
    {
      from: '2026-02-24',
      to: '2026-03-02',
      perDay: [{ day: '2026-03-02', nsbi: 14, report: 31 }],
      topReports: [{ reportId: reportItem.id, name: reportItem.name, clicks: 31 }],
      topUsers: [{ userId: 42, name: 'Dana Fleet', email: 'dana@acme-logistics.example', clicks: 45 }],
      totals: { nsbi: 14, report: 31 },
    },
  ],
];

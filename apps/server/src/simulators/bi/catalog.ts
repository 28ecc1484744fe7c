import { createHash } from 'node:crypto';
import type { ChartKind } from './charts';
import type { Metric } from './fleet-data';
import type { BiItemType } from '../../integrations/bi/view-modes';

/**
 * What the BI simulator serves: projects, their folders and files, and what each dashboard or
 * report shows. "Fleet Insights" is the demo project of docs/integrations.md; SIMULATOR_FIXTURES adds
 * more (the benchmark's 2,000 items in 100 folders come from there).
 */

export type ObjectType = 'Project' | 'DashboardsFolder' | 'ReportsFolder' | 'Folder' | BiItemType;
export type Panel = { kind: ChartKind; metric: Metric; by: 'day' | 'vehicle' };

export type BiFile = {
  id: string;
  name: string;
  objectType: ObjectType;
  projectId: string;
  parentId: string | null;
  description: string;
  createdTime: string;
  /** Dashboards and reports: 'viewonly' lets a customer open it embedded; anything else does not. */
  initialViewOptions?: string;
  /** `ManagedBy:TS` marks an item Tattle Systems manages for its users (read-only in the portal). */
  tags: string[];
  panels: Panel[];
};

export type BiProject = {
  id: string;
  name: string;
  dashboardsRootFolderId: string;
  reportsRootFolderId: string;
};

/** A stable GUID from a name: files keep their ids across restarts (the portal stores some). */
export function stableGuid(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('/')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type ItemSpec = {
  name: string;
  type: BiItemType;
  panels?: Panel[];
  managedByTs?: boolean;
  viewOnly?: boolean;
  /** Days before the simulator's start it was made. */
  ageDays?: number;
};
export type FolderSpec = { name: string; items: ItemSpec[] };
export type ProjectSpec = { name: string; folders: FolderSpec[]; rootItems?: ItemSpec[] };

export const FLEET_INSIGHTS: ProjectSpec = {
  name: 'Fleet Insights',
  rootItems: [
    {
      name: 'Executive Summary',
      type: 'Dashboard',
      ageDays: 40,
      panels: [
        { kind: 'area', metric: 'distance', by: 'day' },
        { kind: 'bar', metric: 'trips', by: 'vehicle' },
      ],
    },
  ],
  folders: [
    {
      name: 'Operations',
      items: [
        {
          name: 'Fleet Overview',
          type: 'Dashboard',
          ageDays: 30,
          panels: [
            { kind: 'bar', metric: 'trips', by: 'day' },
            { kind: 'line', metric: 'distance', by: 'day' },
            { kind: 'pie', metric: 'distance', by: 'vehicle' },
          ],
        },
        {
          name: 'Trips by Day',
          type: 'Report',
          ageDays: 21,
          panels: [{ kind: 'line', metric: 'trips', by: 'day' }],
        },
        {
          name: 'Route Planner',
          type: 'Report',
          ageDays: 12,
          viewOnly: false,
          panels: [{ kind: 'bar', metric: 'distance', by: 'vehicle' }],
        },
      ],
    },
    {
      name: 'Safety',
      items: [
        {
          name: 'Safety Alerts',
          type: 'Dashboard',
          ageDays: 18,
          panels: [
            { kind: 'bar', metric: 'alerts', by: 'day' },
            { kind: 'pie', metric: 'alerts', by: 'vehicle' },
          ],
        },
        {
          name: 'Harsh Braking Events',
          type: 'Report',
          ageDays: 9,
          managedByTs: true,
          panels: [{ kind: 'bar', metric: 'alerts', by: 'vehicle' }],
        },
      ],
    },
    {
      name: 'Fuel',
      items: [
        {
          name: 'Fuel Consumption',
          type: 'Dashboard',
          ageDays: 15,
          panels: [
            { kind: 'line', metric: 'fuel', by: 'day' },
            { kind: 'bar', metric: 'fuel', by: 'vehicle' },
          ],
        },
        {
          name: 'Fuel Cost per Vehicle',
          type: 'Report',
          ageDays: 5,
          panels: [{ kind: 'pie', metric: 'fuel', by: 'vehicle' }],
        },
      ],
    },
  ],
};

const DEFAULT_PANELS: Panel[][] = [
  [{ kind: 'bar', metric: 'trips', by: 'day' }],
  [{ kind: 'line', metric: 'distance', by: 'day' }],
  [{ kind: 'pie', metric: 'fuel', by: 'vehicle' }],
  [{ kind: 'area', metric: 'alerts', by: 'day' }],
];

/** The files of a project spec: the project's two root folders, its folders, and their items. */
export function buildProject(spec: ProjectSpec, now: Date): { project: BiProject; files: BiFile[] } {
  const id = stableGuid('project', spec.name);
  const project: BiProject = {
    id,
    name: spec.name,
    dashboardsRootFolderId: stableGuid(spec.name, 'dashboards'),
    reportsRootFolderId: stableGuid(spec.name, 'reports'),
  };
  const created = (ageDays = 30) => new Date(now.getTime() - ageDays * 86_400_000).toISOString();
  const folder = (fid: string, name: string, objectType: ObjectType, parentId: string | null): BiFile => ({
    id: fid,
    name,
    objectType,
    projectId: id,
    parentId,
    description: '',
    createdTime: created(60),
    tags: [],
    panels: [],
  });
  const item = (spec: ItemSpec, parentId: string, path: string, n: number): BiFile => ({
    id: stableGuid(path, spec.name),
    name: spec.name,
    objectType: spec.type,
    projectId: id,
    parentId,
    description: `${spec.type} of ${spec.name.toLowerCase()}`,
    createdTime: created(spec.ageDays),
    initialViewOptions: spec.viewOnly === false ? 'none' : 'viewonly',
    tags: spec.managedByTs ? ['ManagedBy:TS'] : [],
    panels: spec.panels ?? DEFAULT_PANELS[n % DEFAULT_PANELS.length]!,
  });

  const files: BiFile[] = [
    folder(project.dashboardsRootFolderId, 'Dashboards', 'DashboardsFolder', null),
    folder(project.reportsRootFolderId, 'Reports', 'ReportsFolder', null),
  ];
  let n = 0;
  for (const spec2 of spec.rootItems ?? [])
    files.push(item(spec2, project.dashboardsRootFolderId, spec.name, n++));
  for (const f of spec.folders) {
    const fid = stableGuid(spec.name, 'folder', f.name);
    files.push(folder(fid, f.name, 'Folder', project.dashboardsRootFolderId));
    for (const spec2 of f.items) files.push(item(spec2, fid, `${spec.name}/${f.name}`, n++));
  }
  return { project, files };
}

import {
  BI_MESSAGES,
  CONNECT_REPORTS_MESSAGES,
  type BiAccount,
  type BiProject,
  type BiProjectAssignment,
} from '@portal/contract';
import type { BiProjectData } from '../../integrations/bi/client';
import type { BiAccountOfUser } from './service';

export const presentBiAccount = ({ account, projectId }: BiAccountOfUser): BiAccount => ({
  user_id: account.userId,
  account_id: account.accountId,
  account_name: account.accountName,
  project_id: projectId,
});

/** DELETE dundas-bi/account/{id}. */
export const presentAccountDeleted = () => ({ message: BI_MESSAGES.accountDeleted });

/** A project of the BI server as the user form's select lists it (its root folders stay here). */
export const presentBiProject = (project: BiProjectData): BiProject => ({
  projectId: project.projectId,
  name: project.name,
});

/** POST dundas-bi/account/project: the project the user has now. */
export const presentProjectAssignment = (assigned: {
  userId: number;
  projectId: string | null;
}): BiProjectAssignment => ({ user_id: assigned.userId, project_id: assigned.projectId });

/** POST dundas-bi/account/projects (Connect reports): how many users, and the sentence that says so. */
export const presentProjectsAssigned = (assigned: { count: number; projectName: string | null }) => ({
  data: { count: assigned.count },
  message: CONNECT_REPORTS_MESSAGES.assigned(assigned.count, assigned.projectName),
});

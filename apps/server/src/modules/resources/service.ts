import { API_PREFIX, DEVELOPER_RESOURCE_ROLE_IDS, ROLE_IDS } from '@portal/contract';
import { hasAnyRole, type UserRecord } from '../directory';
import type { AppConfig } from '../../config';
import { specsPdf } from './specs-pdf';

export const SPECS_PDF_PATH = '/docs/gen3-gen4-specs.pdf';

/**
 * Where the resource frames (docs/product.md §2: Analysis, API summary, BI designers) and the
 * sidebar's links load from, from config at run time: a production build shows the BI server that
 * production configures, and no API Docs link when the docs UI is off (it would answer "Not found.").
 */
export function createResourceService(config: Pick<AppConfig, 'bi' | 'resources' | 'apiDocsUi'>) {
  const bi = config.bi.publicUrl;
  const links = {
    analysis: config.resources.analysisUrl,
    apiSummary: config.resources.tsApiDocsUrl,
    biDesigner: `${bi}/`,
    biDemoDesigner: `${bi}/?demo=1`,
    gen3Gen4Specs: SPECS_PDF_PATH,
    apiDocs: config.apiDocsUi ? `${API_PREFIX}/docs` : null,
  };
  // Each role gets the links of the screens it has (the router's guards, route-table.tsx): the
  // Analysis page is everyone's, Developer Resources admins' and developers', the designers admins'.
  // The rest would tell a customer where the BI designer and the docs of the other systems are.
  const forEveryone = { analysis: links.analysis };
  const forDevelopers = {
    ...forEveryone,
    apiSummary: links.apiSummary,
    gen3Gen4Specs: links.gen3Gen4Specs,
    apiDocs: links.apiDocs,
  };
  // The specs sheet, made once: a document (framed by Developer Resources), not API data.
  const pdf = specsPdf();
  return {
    links: (user: Pick<UserRecord, 'roles'>) =>
      hasAnyRole(user, [ROLE_IDS.admin])
        ? links
        : hasAnyRole(user, DEVELOPER_RESOURCE_ROLE_IDS)
          ? forDevelopers
          : forEveryone,
    specsPdf: () => pdf,
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;

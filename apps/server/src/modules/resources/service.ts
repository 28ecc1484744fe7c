import { API_PREFIX } from '@portal/contract';
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
  // The specs sheet, made once: a document (framed by Developer Resources), not API data.
  const pdf = specsPdf();
  return { links: () => links, specsPdf: () => pdf };
}

export type ResourceService = ReturnType<typeof createResourceService>;

import type { AppConfig } from '../../config';
import { specsPdf } from './specs-pdf';

export const SPECS_PDF_PATH = '/docs/gen3-gen4-specs.pdf';

/** Where the resource frames (docs/product.md §2: Analysis, API summary, BI designers) load from, from config. */
export function createResourceService(config: Pick<AppConfig, 'bi' | 'resources'>) {
  const bi = config.bi.publicUrl;
  const links = {
    analysis: config.resources.analysisUrl,
    apiSummary: config.resources.tsApiDocsUrl,
    biDesigner: `${bi}/`,
    biDemoDesigner: `${bi}/?demo=1`,
    gen3Gen4Specs: SPECS_PDF_PATH,
  };
  // The specs sheet, made once: a document (framed by Developer Resources), not API data.
  const pdf = specsPdf();
  return { links: () => links, specsPdf: () => pdf };
}

export type ResourceService = ReturnType<typeof createResourceService>;

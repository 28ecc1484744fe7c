/**
 * The screens that mostly frame another page (Developer Resources, Tools, Analysis) load as one
 * chunk: they share EmbeddedPage, and each separate chunk would cost its name in the entry's
 * preload map on every first load, /login included (decision 0013).
 */
export {
  ApiSummaryPage,
  DeveloperResourcesPage,
  Gen3Gen4SpecsPage,
  HardwarePage,
  SoftwarePage,
  T3LitePage,
} from '../features/resources/resource-pages';
export { DesignerPage, ToolsPage } from '../features/tools/tools-pages';
export { AnalysisPage } from '../features/analysis/analysis-page';

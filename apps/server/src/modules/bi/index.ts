// What other modules may use of the bi modules (bi, report-folders, report-access).
export type { BiService } from './service';
export type { ReportFolderService } from './report-folders/service';
export type { ReportAccessService } from './report-access/service';

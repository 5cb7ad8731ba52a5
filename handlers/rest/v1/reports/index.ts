/** The report-job operations of REST v1, for the handler table in ../index.ts. */
import { CancelReportJob } from './CancelReportJob.js';
import { DownloadReport } from './DownloadReport.js';
import { GenerateReport } from './GenerateReport.js';
import { GetReportJob } from './GetReportJob.js';

export const reportsHandlers = { GenerateReport, GetReportJob, CancelReportJob, DownloadReport };

/** Core report jobs → contract `ReportJob`, and the paths of the report resources. */
import { pollAfterSeconds, type ReportJob } from '../../../../core/reports/report-job.js';
import { compact } from '../shared/compact.js';
import type { Schemas } from '../shared/types.js';

/** Location of a report job (GetReportJob). */
export const reportJobLocation = (jobId: string) => `/api/v1/reports/jobs/${jobId}`;

/** Path of a report's file (DownloadReport). */
export const reportDownloadUrl = (reportId: string) => `/api/v1/reports/${reportId}/download`;

/** Maps a report job to its REST representation. */
export function toReportJobDto(job: ReportJob): Schemas['ReportJob'] {
  const self = reportJobLocation(job.id);
  return compact({
    jobId: job.id,
    status: job.status,
    reportType: job.reportType,
    year: job.year,
    format: job.format,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString(),
    completedAt: job.completedAt?.toISOString(),
    result: job.status === 'COMPLETED' && job.reportId ? { reportId: job.reportId, downloadUrl: reportDownloadUrl(job.reportId) } : undefined,
    error: job.status === 'FAILED' ? (job.error ?? undefined) : undefined,
    links: { self, cancel: `${self}/cancel` },
  });
}

/** `Retry-After` for a job still worth polling; none once it has finished. */
export function pollingHeaders(job: ReportJob): Record<string, string> {
  const seconds = pollAfterSeconds(job);
  return seconds === undefined ? {} : { 'Retry-After': String(seconds) };
}

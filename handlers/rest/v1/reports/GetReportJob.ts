import type { RestHandler } from '../shared/types.js';
import { pollingHeaders, toReportJobDto } from './report-job-dto.js';

/** GET /api/v1/reports/jobs/{jobId} — creator or administrator; `Retry-After` while unfinished. */
export const GetReportJob: RestHandler<'GetReportJob'> = async ({ params }, { core, actor }) => {
  const job = await core.reports.get(actor, params.jobId);
  return { status: 200, body: toReportJobDto(job), headers: pollingHeaders(job) };
};

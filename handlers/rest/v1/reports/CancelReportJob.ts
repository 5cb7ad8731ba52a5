import type { RestHandler } from '../shared/types.js';
import { toReportJobDto } from './report-job-dto.js';

/** POST /api/v1/reports/jobs/{jobId}/cancel — 200 with the cancelled job, 409 once it has finished. */
export const CancelReportJob: RestHandler<'CancelReportJob'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toReportJobDto(await core.reports.cancel(actor, params.jobId)),
});

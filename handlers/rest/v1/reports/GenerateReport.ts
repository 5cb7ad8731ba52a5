import type { RestHandler } from '../shared/types.js';
import { pollingHeaders, reportJobLocation, toReportJobDto } from './report-job-dto.js';

/** POST /api/v1/reports/generate — 202 with the job, its Location and a polling hint. */
export const GenerateReport: RestHandler<'GenerateReport'> = async ({ body }, { core, actor }) => {
  const job = await core.reports.generate(actor, body);
  return { status: 202, body: toReportJobDto(job), headers: { Location: reportJobLocation(job.id), ...pollingHeaders(job) } };
};

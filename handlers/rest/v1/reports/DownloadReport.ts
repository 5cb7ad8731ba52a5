import type { RestHandler } from '../shared/types.js';

/**
 * GET /api/v1/reports/{reportId}/download — the stored file as it was written (exact decimals
 * included), in the one media type it has. The operation declares both report types, so the
 * handler names the report's own in `Content-Type`; the dispatcher answers 406 when the client's
 * `Accept` excludes it.
 */
export const DownloadReport: RestHandler<'DownloadReport'> = async ({ params }, { core, actor }) => {
  const report = await core.reports.download(actor, params.reportId);
  return {
    status: 200,
    body: report.content,
    headers: { 'Content-Type': report.mediaType, 'Content-Disposition': `attachment; filename="${report.filename}"` },
  };
};

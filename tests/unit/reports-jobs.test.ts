import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/errors.js';
import { assertReportYear, pollAfterSeconds, presentJob, reportFilename } from '../../core/reports/report-job.js';
import type { ReportJobRow } from '../../db/schema/reports.js';

describe('assertReportYear', () => {
  const now = new Date('2026-06-30T23:59:59.999Z');
  it.each([1970, 2000, 2026])('accepts %i', (year) => {
    expect(assertReportYear(year, now)).toBe(year);
  });

  it.each([1969, 2027, 2100, 2024.5])('refuses %d naming the field', (year) => {
    expect(() => assertReportYear(year, now)).toThrow(InvalidInputError);
    try {
      assertReportYear(year, now);
    } catch (err) {
      expect((err as InvalidInputError).problems).toEqual([{ field: 'year', message: 'must be a year from 1970 to 2026; a future year cannot be reported' }]);
    }
  });

  it('goes by the UTC year', () => {
    expect(() => assertReportYear(2027, new Date('2026-12-31T23:30:00-05:00'))).not.toThrow();
  });
});

const row = (status: ReportJobRow['status']): ReportJobRow => ({
  id: 'job_01m7z9zyfvfev8g04hr93v6800',
  userId: 'usr_1',
  reportType: 'ACCOUNT_STATEMENT',
  year: 2024,
  format: 'JSON',
  status,
  progress: 0,
  error: null,
  reportId: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  startedAt: null,
  completedAt: null,
});

describe('presentJob', () => {
  it('shows a PENDING job already handed to the workers as PROCESSING, and one waiting in line as PENDING', () => {
    expect(presentJob(row('PENDING'), true).status).toBe('PROCESSING');
    expect(presentJob(row('PENDING'), false).status).toBe('PENDING');
  });

  it.each(['PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const)('shows %s as it is', (status) => {
    expect(presentJob(row(status), true).status).toBe(status);
    expect(presentJob(row(status), false).status).toBe(status);
  });
});

describe('pollAfterSeconds', () => {
  it('suggests 1 s while running, 2 s while waiting in line, nothing once finished', () => {
    expect(pollAfterSeconds({ status: 'PROCESSING' })).toBe(1);
    expect(pollAfterSeconds({ status: 'PENDING' })).toBe(2);
    for (const status of ['COMPLETED', 'FAILED', 'CANCELLED'] as const) expect(pollAfterSeconds({ status })).toBeUndefined();
  });
});

describe('reportFilename', () => {
  it('names the type, year and job, with the format’s extension', () => {
    expect(reportFilename(row('COMPLETED'))).toBe('account-statement-2024-job_01m7z9zyfvfev8g04hr93v6800.json');
    expect(reportFilename({ ...row('COMPLETED'), reportType: 'TRANSACTION_SUMMARY', format: 'CSV' })).toBe('transaction-summary-2024-job_01m7z9zyfvfev8g04hr93v6800.csv');
  });
});

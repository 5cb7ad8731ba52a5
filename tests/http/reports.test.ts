import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { JobContext } from '../../core/jobs/worker.js';
import { createWorker } from '../../core/jobs/worker.js';
import { generateReportHandler } from '../../core/reports/generation.js';
import { newId } from '../../core/shared/ids.js';
import type { User } from '../../core/users/user.js';
import { accounts, transactions } from '../../db/schema/accounts.js';
import { jobs } from '../../db/schema/jobs.js';
import { reportJobs, reports } from '../../db/schema/reports.js';
import type { components } from '../../generated/openapi/v1/schema.js';
import { startTestService, type TestService } from '../support/test-service.js';

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

type ReportJob = components['schemas']['ReportJob'];
type ReportRequest = components['schemas']['ReportGenerateRequest'];

const UNKNOWN_JOB = 'job_01m7z9zyfvfev8g04hr93v6800';
const UNKNOWN_REPORT = 'rpt_01m7z9zyfvfev8g04hr93v6800';
const CURRENT_YEAR = new Date().getUTCFullYear();
const quiet = { info() {}, warn() {}, error() {} };

let t: TestService;
let admin: User;
let alice: User;
let bob: User;
let carol: User;
/** alice: A (CHECKING, USD), B (SAVINGS, USD); bob: C (CHECKING, USD), D (SAVINGS, JPY). */
let A: Account, B: Account, C: Account, D: Account;
const txn = { t0: newId('transaction'), t1: newId('transaction'), t2: newId('transaction'), t3: newId('transaction'), t4: newId('transaction'), t5: newId('transaction'), t6: newId('transaction'), t7: newId('transaction') };

/** Opens accounts with a fixed creation time (report rows are ordered by account age). */
async function openAt(s: TestService, user: User, createdAt: string, options: Parameters<TestService['openAccount']>[1]): Promise<Account> {
  const account = await s.openAccount(user, options);
  await s.service.database.db.update(accounts).set({ createdAt: new Date(createdAt) }).where(eq(accounts.id, account.id));
  return account;
}

/** Writes ledger rows straight into the ledger, at fixed times in the past. */
async function ledger(s: TestService, rows: Array<Partial<typeof transactions.$inferInsert> & Pick<typeof transactions.$inferInsert, 'type' | 'amount' | 'createdAt'>>): Promise<void> {
  await s.service.database.db.insert(transactions).values(rows.map((r) => ({ id: newId('transaction'), currency: 'USD', status: 'COMPLETED' as const, ...r })));
}

beforeAll(async () => {
  t = await startTestService();
  admin = await t.createUser({ role: 'ADMIN' });
  [alice, bob, carol] = [await t.createUser(), await t.createUser(), await t.createUser()];
  A = await openAt(t, alice, '2020-01-01T00:00:00.000Z', { type: 'CHECKING' });
  B = await openAt(t, alice, '2020-01-02T00:00:00.000Z', { type: 'SAVINGS' });
  C = await openAt(t, bob, '2020-01-01T00:00:00.000Z', { type: 'CHECKING' });
  D = await openAt(t, bob, '2020-01-02T00:00:00.000Z', { type: 'SAVINGS', currency: 'JPY' });
  await ledger(t, [
    { id: txn.t0, type: 'DEPOSIT', amount: '10', toAccountId: A.id, createdAt: new Date('2023-12-31T23:59:59.999Z') },
    { id: txn.t1, type: 'DEPOSIT', amount: '1000', toAccountId: A.id, description: 'Salary, January', createdAt: new Date('2024-01-05T10:00:00.000Z') },
    { id: txn.t2, type: 'TRANSFER', amount: '250.5', fromAccountId: A.id, toAccountId: B.id, description: 'Rent "flat" 2', createdAt: new Date('2024-01-20T12:30:00.000Z') },
    { id: txn.t3, type: 'PAYMENT', amount: '99.99', fromAccountId: A.id, toAccountId: C.id, createdAt: new Date('2024-02-03T08:15:00.000Z') },
    { id: txn.t4, type: 'TRANSFER', amount: '40', fromAccountId: C.id, toAccountId: A.id, description: '=HYPERLINK("x")', createdAt: new Date('2024-02-10T09:00:00.000Z') },
    { id: txn.t5, type: 'WITHDRAWAL', amount: '0.01', fromAccountId: B.id, description: 'line1\nline2', createdAt: new Date('2024-03-31T23:59:59.999Z') },
    { id: txn.t6, type: 'DEPOSIT', amount: '5', toAccountId: A.id, createdAt: new Date('2025-01-01T00:00:00.000Z') },
    { id: txn.t7, type: 'DEPOSIT', amount: '5000', currency: 'JPY', toAccountId: D.id, createdAt: new Date('2024-06-01T00:00:00.000Z') },
  ]);
});
afterAll(() => t.close());

async function generate(s: TestService, user: User, body: ReportRequest) {
  const { data, response } = await s.as(user).POST('/api/v1/reports/generate', { body });
  expect(response.status).toBe(202);
  return { job: data!, response };
}

const getJob = (s: TestService, user: User, jobId: string) => s.as(user).GET('/api/v1/reports/jobs/{jobId}', { params: { path: { jobId } } });
const cancelJob = (s: TestService, user: User, jobId: string) => s.as(user).POST('/api/v1/reports/jobs/{jobId}/cancel', { params: { path: { jobId } } });

/** Polls the job until it has finished. */
async function finished(s: TestService, user: User, jobId: string): Promise<ReportJob> {
  const { data } = await s.eventually(
    () => getJob(s, user, jobId),
    (r) => !['PENDING', 'PROCESSING'].includes(r.data!.status),
  );
  return data!;
}

async function download(s: TestService, user: User, reportId: string, accept?: string): Promise<Response> {
  return s.request(`/api/v1/reports/${reportId}/download`, { token: await s.token(user.id, user.role), headers: accept ? { Accept: accept } : {} });
}

/** Generates a report, waits for it and returns its file. */
async function report(user: User, body: ReportRequest): Promise<{ job: ReportJob; response: Response; text: string }> {
  const { job: accepted } = await generate(t, user, body);
  const job = await finished(t, user, accepted.jobId);
  expect(job.status).toBe('COMPLETED');
  const response = await download(t, user, job.result!.reportId);
  expect(response.status).toBe(200);
  return { job, response, text: await response.text() };
}

describe('POST /api/v1/reports/generate', () => {
  it('answers 202 PROCESSING with Location, Retry-After and links; the job then completes with a download link', async () => {
    const { job, response } = await generate(t, alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' });
    expect(job.jobId).toMatch(/^job_/);
    expect(response.headers.get('location')).toBe(`/api/v1/reports/jobs/${job.jobId}`);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(job).toMatchObject({
      status: 'PROCESSING',
      reportType: 'TRANSACTION_SUMMARY',
      year: 2024,
      format: 'CSV',
      links: { self: `/api/v1/reports/jobs/${job.jobId}`, cancel: `/api/v1/reports/jobs/${job.jobId}/cancel` },
    });
    expect(job.completedAt).toBeUndefined();
    expect(job.result).toBeUndefined();

    const done = await finished(t, alice, job.jobId);
    expect(done).toMatchObject({ status: 'COMPLETED', links: job.links, createdAt: job.createdAt });
    expect(done.result!.reportId).toMatch(/^rpt_/);
    expect(done.result!.downloadUrl).toBe(`/api/v1/reports/${done.result!.reportId}/download`);
    expect(Date.parse(done.startedAt!)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(Date.parse(done.completedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    expect(done.error).toBeUndefined();
    const again = await getJob(t, alice, job.jobId);
    expect(again.response.headers.get('retry-after')).toBeNull();
  });

  it('refuses a future year with 400 naming year; the current year is accepted', async () => {
    const { response, error } = await t.as(alice).POST('/api/v1/reports/generate', { body: { reportType: 'ACCOUNT_STATEMENT', year: CURRENT_YEAR + 1, format: 'JSON' } });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([{ field: 'year', message: expect.stringContaining(`1970 to ${CURRENT_YEAR}`) }]);
    expect((await t.as(alice).POST('/api/v1/reports/generate', { body: { reportType: 'ACCOUNT_STATEMENT', year: CURRENT_YEAR, format: 'JSON' } })).response.status).toBe(202);
  });

  it.each([
    [{ reportType: 'TRANSACTION_SUMMARY', year: 1969, format: 'CSV' }],
    [{ reportType: 'BALANCE_SHEET', year: 2024, format: 'CSV' }],
    [{ reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'XML' }],
    [{ reportType: 'TRANSACTION_SUMMARY', year: '2024', format: 'CSV' }],
    [{ reportType: 'TRANSACTION_SUMMARY', format: 'CSV' }],
    [{ reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV', userId: 'usr_01m7z9zyfvfev8g04hr93v6800' }],
  ])('refuses %o with 400', async (body) => {
    const { response } = await t.as(alice).POST('/api/v1/reports/generate', { body: body as never });
    expect(response.status).toBe(400);
  });

  it('needs credentials (401)', async () => {
    const { response } = await t.client.POST('/api/v1/reports/generate', { body: { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' } });
    expect(response.status).toBe(401);
  });
});

describe('report contents for a fixed ledger', () => {
  it('TRANSACTION_SUMMARY as CSV: per account and month with activity, exact totals, RFC 4180 text', async () => {
    const { text, response, job } = await report(alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="transaction-summary-2024-${job.jobId}.csv"`);
    expect(text).toBe(
      [
        'accountId,currency,month,transactionCount,totalIn,totalOut,net',
        `${A.id},USD,2024-01,2,1000.00,250.50,749.50`,
        `${A.id},USD,2024-02,2,40.00,99.99,-59.99`,
        `${B.id},USD,2024-01,1,250.50,0.00,250.50`,
        `${B.id},USD,2024-03,1,0.00,0.01,-0.01`,
        '',
      ].join('\r\n'),
    );
  });

  it('TRANSACTION_SUMMARY as JSON: the ReportDocument, amounts as exact decimal literals', async () => {
    const { text, response, job } = await report(alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'JSON' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="transaction-summary-2024-${job.jobId}.json"`);
    expect(JSON.parse(text)).toEqual({
      reportId: job.result!.reportId,
      reportType: 'TRANSACTION_SUMMARY',
      year: 2024,
      generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      rows: [
        { accountId: A.id, currency: 'USD', month: '2024-01', transactionCount: 2, totalIn: 1000, totalOut: 250.5, net: 749.5 },
        { accountId: A.id, currency: 'USD', month: '2024-02', transactionCount: 2, totalIn: 40, totalOut: 99.99, net: -59.99 },
        { accountId: B.id, currency: 'USD', month: '2024-01', transactionCount: 1, totalIn: 250.5, totalOut: 0, net: 250.5 },
        { accountId: B.id, currency: 'USD', month: '2024-03', transactionCount: 1, totalIn: 0, totalOut: 0.01, net: -0.01 },
      ],
    });
    expect(text).toContain(`{"accountId":"${A.id}","currency":"USD","month":"2024-01","transactionCount":2,"totalIn":1000.00,"totalOut":250.50,"net":749.50}`);
  });

  it('ACCOUNT_STATEMENT as CSV: every transaction of each account, oldest first, free text quoted and defused, with the running balance from the opening balance', async () => {
    const { text, job } = await report(alice, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'CSV' });
    expect(job.result).toBeDefined();
    expect(text).toBe(
      [
        'accountId,transactionId,createdAt,type,direction,amount,currency,description,balance',
        `${A.id},${txn.t1},2024-01-05T10:00:00.000Z,DEPOSIT,IN,1000.00,USD,"Salary, January",1010.00`,
        `${A.id},${txn.t2},2024-01-20T12:30:00.000Z,TRANSFER,OUT,250.50,USD,"Rent ""flat"" 2",759.50`,
        `${A.id},${txn.t3},2024-02-03T08:15:00.000Z,PAYMENT,OUT,99.99,USD,,659.51`,
        `${A.id},${txn.t4},2024-02-10T09:00:00.000Z,TRANSFER,IN,40.00,USD,"'=HYPERLINK(""x"")",699.51`,
        `${B.id},${txn.t2},2024-01-20T12:30:00.000Z,TRANSFER,IN,250.50,USD,"Rent ""flat"" 2",250.50`,
        `${B.id},${txn.t5},2024-03-31T23:59:59.999Z,WITHDRAWAL,OUT,0.01,USD,"line1\nline2",250.49`,
        '',
      ].join('\r\n'),
    );
  });

  it('ACCOUNT_STATEMENT as JSON: AccountStatementRow per transaction, description only when there is one', async () => {
    const { text, job } = await report(alice, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'JSON' });
    const row = (accountId: string, transactionId: string, createdAt: string, type: string, direction: string, amount: number, balance: number, description?: string) => ({
      accountId,
      transactionId,
      createdAt,
      type,
      direction,
      amount,
      currency: 'USD',
      ...(description === undefined ? {} : { description }),
      balance,
    });
    expect(JSON.parse(text)).toEqual({
      reportId: job.result!.reportId,
      reportType: 'ACCOUNT_STATEMENT',
      year: 2024,
      generatedAt: expect.any(String),
      rows: [
        row(A.id, txn.t1, '2024-01-05T10:00:00.000Z', 'DEPOSIT', 'IN', 1000, 1010, 'Salary, January'),
        row(A.id, txn.t2, '2024-01-20T12:30:00.000Z', 'TRANSFER', 'OUT', 250.5, 759.5, 'Rent "flat" 2'),
        row(A.id, txn.t3, '2024-02-03T08:15:00.000Z', 'PAYMENT', 'OUT', 99.99, 659.51),
        row(A.id, txn.t4, '2024-02-10T09:00:00.000Z', 'TRANSFER', 'IN', 40, 699.51, '=HYPERLINK("x")'),
        row(B.id, txn.t2, '2024-01-20T12:30:00.000Z', 'TRANSFER', 'IN', 250.5, 250.5, 'Rent "flat" 2'),
        row(B.id, txn.t5, '2024-03-31T23:59:59.999Z', 'WITHDRAWAL', 'OUT', 0.01, 250.49, 'line1\nline2'),
      ],
    });
    expect(text).toContain('"amount":250.50,');
  });

  it("covers only the creator's accounts, in each currency's minor units", async () => {
    const { text } = await report(bob, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' });
    expect(text).toBe(
      ['accountId,currency,month,transactionCount,totalIn,totalOut,net', `${C.id},USD,2024-02,2,99.99,40.00,59.99`, `${D.id},JPY,2024-06,1,5000,0,5000`, ''].join('\r\n'),
    );
    const statement = await report(bob, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'CSV' });
    expect(statement.text).not.toContain(A.id);
    expect(statement.text.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it("gives an administrator a report over the administrator's own accounts, not everyone's", async () => {
    const { text } = await report(admin, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'CSV' });
    expect(text).toBe('accountId,transactionId,createdAt,type,direction,amount,currency,description,balance\r\n');
  });

  it('writes an empty document for a year without activity', async () => {
    const { text, job } = await report(carol, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'JSON' });
    expect(text).toMatch(new RegExp(`^\\{"reportId":"${job.result!.reportId}","reportType":"TRANSACTION_SUMMARY","year":2024,"generatedAt":"[^"]+","rows":\\[\\]\\}\\n$`));
    const summary2023 = await report(alice, { reportType: 'TRANSACTION_SUMMARY', year: 2022, format: 'CSV' });
    expect(summary2023.text).toBe('accountId,currency,month,transactionCount,totalIn,totalOut,net\r\n');
  });
});

describe('GET /api/v1/reports/jobs/{jobId}', () => {
  it('answers 404 for an unknown or malformed id, or the id of another kind', async () => {
    for (const jobId of [UNKNOWN_JOB, 'nope', UNKNOWN_REPORT]) {
      expect((await getJob(t, admin, jobId)).response.status).toBe(404);
    }
  });

  it("lets an administrator read anyone's job", async () => {
    const { job } = await generate(t, alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' });
    const read = await getJob(t, admin, job.jobId);
    expect(read.response.status).toBe(200);
    expect(read.data!.jobId).toBe(job.jobId);
  });
});

describe('POST /api/v1/reports/jobs/{jobId}/cancel', () => {
  it('is 409 naming the status once the job has completed, and changes nothing', async () => {
    const { job } = await generate(t, alice, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'CSV' });
    await finished(t, alice, job.jobId);
    const { response, error } = await cancelJob(t, alice, job.jobId);
    expect(response.status).toBe(409);
    expect(error!.message).toContain('COMPLETED');
    expect((await getJob(t, alice, job.jobId)).data!.status).toBe('COMPLETED');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const jobId of [UNKNOWN_JOB, 'nope']) expect((await cancelJob(t, admin, jobId)).response.status).toBe(404);
  });
});

describe('GET /api/v1/reports/{reportId}/download', () => {
  let csvReport: string;
  let jsonReport: string;
  beforeAll(async () => {
    csvReport = (await report(alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' })).job.result!.reportId;
    jsonReport = (await report(alice, { reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'JSON' })).job.result!.reportId;
  });

  it.each([undefined, '*/*', 'text/*', 'text/csv', 'application/json;q=0.1, text/csv'])('serves a CSV report for Accept %s', async (accept) => {
    const response = await download(t, alice, csvReport, accept);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });

  it.each([undefined, '*/*', 'application/*', 'application/json', 'text/csv;q=0.9, application/json;q=0.5'])('serves a JSON report for Accept %s', async (accept) => {
    const response = await download(t, alice, jsonReport, accept);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await response.text()).reportId).toBe(jsonReport);
  });

  it('is 406 when Accept excludes the report’s media type, naming the one it has', async () => {
    const csv = await download(t, alice, csvReport, 'application/json');
    expect(csv.status).toBe(406);
    expect((await csv.json()).message).toContain('text/csv');
    const json = await download(t, alice, jsonReport, 'text/csv');
    expect(json.status).toBe(406);
    expect((await json.json()).message).toContain('application/json');
    expect((await download(t, alice, jsonReport, 'text/html')).status).toBe(406);
  });

  it('answers 404 for an unknown or malformed id, or a job id', async () => {
    for (const id of [UNKNOWN_REPORT, 'nope', UNKNOWN_JOB]) expect((await download(t, admin, id)).status).toBe(404);
  });

  it("lets an administrator download anyone's report; needs credentials", async () => {
    expect((await download(t, admin, csvReport)).status).toBe(200);
    expect((await t.request(`/api/v1/reports/${csvReport}/download`)).status).toBe(401);
  });
});

describe('ownership: another user can never read, cancel or download a job or report', () => {
  it('refuses every operation on a finished job and its report with 403 Access denied, and changes nothing', async () => {
    const { job } = await report(alice, { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'JSON' });
    const read = await getJob(t, bob, job.jobId);
    expect(read.response.status).toBe(403);
    expect(read.error!.message).toBe('Access denied');
    const cancel = await cancelJob(t, bob, job.jobId);
    expect(cancel.response.status).toBe(403);
    expect(cancel.error!.message).toBe('Access denied');
    const file = await download(t, bob, job.result!.reportId);
    expect(file.status).toBe(403);
    expect((await file.json()).message).toBe('Access denied');
    expect(await download(t, bob, job.result!.reportId, 'text/csv').then((r) => r.status)).toBe(403);
    expect((await getJob(t, alice, job.jobId)).data!.status).toBe('COMPLETED');
  });
});

/**
 * A service whose worker does not run: jobs stay where they are until the test drives a worker,
 * so queue order, cancellation and failure are observed deterministically.
 */
describe('the job lifecycle, driven step by step', () => {
  let s: TestService;
  let dave: User;
  let erin: User;
  let davesAccount: Account;
  const body: ReportRequest = { reportType: 'ACCOUNT_STATEMENT', year: 2024, format: 'CSV' };

  beforeAll(async () => {
    s = await startTestService({ WORKER_ENABLED: 'false' });
    [dave, erin] = [await s.createUser(), await s.createUser()];
    davesAccount = await openAt(s, dave, '2020-01-01T00:00:00.000Z', { type: 'CHECKING' });
    await ledger(
      s,
      ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z'].map((at, i) => ({
        type: 'DEPOSIT' as const,
        amount: String(i + 1),
        toAccountId: davesAccount.id,
        createdAt: new Date(at),
      })),
    );
  });
  afterAll(() => s.close());

  const db = () => s.service.database.db;
  const storedReports = async (jobId: string) => (await db().select().from(reports).where(eq(reports.jobId, jobId))).length;
  /** Cancels whatever unfinished jobs the user still has, so each test starts with an empty line. */
  async function clearLine(user: User): Promise<void> {
    const rows = await db().select().from(reportJobs).where(eq(reportJobs.userId, user.id));
    for (const r of rows) if (r.status === 'PENDING' || r.status === 'PROCESSING') await cancelJob(s, user, r.id);
    await s.service.worker.drain();
  }

  it("runs a creator's jobs one at a time: the first reads PROCESSING at once, later ones PENDING behind it", async () => {
    const first = await generate(s, dave, body);
    expect(first.job.status).toBe('PROCESSING');
    expect(first.job.startedAt).toBeUndefined();
    const second = await generate(s, dave, body);
    expect(second.job.status).toBe('PENDING');
    expect(second.response.headers.get('retry-after')).toBe('2');
    const third = await generate(s, dave, { ...body, format: 'JSON' });
    expect(third.job.status).toBe('PENDING');
    // Lines are per creator: another user's job is not held up.
    expect((await generate(s, erin, body)).job.status).toBe('PROCESSING');

    const polled = await getJob(s, dave, first.job.jobId);
    expect(polled.data!.status).toBe('PROCESSING');
    expect(polled.response.headers.get('retry-after')).toBe('1');
    const waiting = await getJob(s, dave, second.job.jobId);
    expect(waiting.data!.status).toBe('PENDING');
    expect(waiting.response.headers.get('retry-after')).toBe('2');

    // PENDING → CANCELLED, without disturbing the rest of the line.
    const cancelled = await cancelJob(s, dave, second.job.jobId);
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data).toMatchObject({ jobId: second.job.jobId, status: 'CANCELLED', links: second.job.links });
    expect(cancelled.data!.completedAt).toBeDefined();
    expect(cancelled.response.headers.get('retry-after')).toBeNull();
    const again = await cancelJob(s, dave, second.job.jobId);
    expect(again.response.status).toBe(409);
    expect(again.error!.message).toContain('CANCELLED');
    const afterCancel = await getJob(s, dave, second.job.jobId);
    expect(afterCancel.data!.status).toBe('CANCELLED');
    expect(afterCancel.response.headers.get('retry-after')).toBeNull();
    expect((await getJob(s, dave, third.job.jobId)).data!.status).toBe('PENDING');

    // A worker runs the line in order: the first, then the third (enqueued as the first completed).
    await s.service.worker.drain();
    for (const job of [first.job, third.job]) {
      const done = (await getJob(s, dave, job.jobId)).data!;
      expect(done.status).toBe('COMPLETED');
      expect(done.startedAt).toBeDefined();
    }
    expect(Date.parse((await getJob(s, dave, third.job.jobId)).data!.startedAt!)).toBeGreaterThanOrEqual(
      Date.parse((await getJob(s, dave, first.job.jobId)).data!.completedAt!),
    );
    expect(await storedReports(second.job.jobId)).toBe(0);
    const late = await cancelJob(s, dave, first.job.jobId);
    expect(late.response.status).toBe(409);
    expect(late.error!.message).toContain('COMPLETED');
  });

  it('cancelling the first job hands the next one to the workers; the cancelled one writes nothing', async () => {
    const first = await generate(s, dave, body);
    const second = await generate(s, dave, body);
    expect(second.job.status).toBe('PENDING');
    expect((await cancelJob(s, dave, first.job.jobId)).data!.status).toBe('CANCELLED');
    expect((await getJob(s, dave, second.job.jobId)).data!.status).toBe('PROCESSING');
    await s.service.worker.drain();
    const cancelled = (await getJob(s, dave, first.job.jobId)).data!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.result).toBeUndefined();
    expect(cancelled.startedAt).toBeUndefined();
    expect(await storedReports(first.job.jobId)).toBe(0);
    expect((await getJob(s, dave, second.job.jobId)).data!.status).toBe('COMPLETED');
  });

  it('cancelling a PROCESSING job stops its worker at the next chunk, before any report is written', async () => {
    await clearLine(dave);
    const { job } = await generate(s, dave, body);
    const next = await generate(s, dave, body);
    const [queued] = await db().select().from(jobs).where(sql`${jobs.payload}->>'jobId' = ${job.jobId}`);
    const handler = generateReportHandler({ chunkRows: 1 });
    const seen: string[] = [];
    let finishCalled = false;
    const ctx: JobContext = {
      db: db(),
      logger: silentLogger,
      heartbeat: async () => {
        const now = (await getJob(s, dave, job.jobId)).data!;
        seen.push(now.status);
        if (seen.length === 2) {
          expect(now.startedAt).toBeDefined();
          expect((await cancelJob(s, dave, job.jobId)).data!.status).toBe('CANCELLED');
        }
      },
      finish: async () => {
        finishCalled = true;
      },
    };
    await handler.run({ jobId: job.jobId }, ctx, queued!);
    expect(seen).toEqual(['PROCESSING', 'PROCESSING']);
    expect(finishCalled).toBe(false);
    const [row] = await db().select().from(reportJobs).where(eq(reportJobs.id, job.jobId));
    expect(row).toMatchObject({ status: 'CANCELLED', reportId: null });
    expect(row!.progress).toBeLessThan(100);
    expect(await storedReports(job.jobId)).toBe(0);
    // The next job of the line was handed to the workers in the cancelling transaction.
    expect((await getJob(s, dave, next.job.jobId)).data!.status).toBe('PROCESSING');
    await db().delete(jobs).where(eq(jobs.id, queued!.id)); // what the worker does after run() returns
    await s.service.worker.drain();
    expect((await getJob(s, dave, next.job.jobId)).data!.status).toBe('COMPLETED');
  });

  it('records and logs progress and renews the lease after every chunk', async () => {
    await clearLine(dave);
    const { job } = await generate(s, dave, body);
    const [queued] = await db().select().from(jobs).where(sql`${jobs.payload}->>'jobId' = ${job.jobId}`);
    const progress: number[] = [];
    const logged: unknown[] = [];
    let beats = 0;
    const ctx: JobContext = {
      db: db(),
      logger: { ...silentLogger, info: (obj, msg) => logged.push({ ...obj, msg }) },
      heartbeat: async () => {
        beats++;
        const [row] = await db().select().from(reportJobs).where(eq(reportJobs.id, job.jobId));
        progress.push(row!.progress);
      },
      finish: (fn) =>
        db().transaction(async (tx) => {
          await fn(tx);
          await tx.delete(jobs).where(eq(jobs.id, queued!.id));
        }),
    };
    await generateReportHandler({ chunkRows: 1 }).run({ jobId: job.jobId }, ctx, queued!);
    expect(beats).toBe(4);
    expect(progress).toEqual([0, 25, 50, 75]);
    expect(logged).toEqual([25, 50, 75, 99].map((p) => expect.objectContaining({ msg: 'report progress', jobId: job.jobId, progress: p })));
    const [row] = await db().select().from(reportJobs).where(eq(reportJobs.id, job.jobId));
    expect(row).toMatchObject({ status: 'COMPLETED', progress: 100 });
  });

  it('reads the ledger as it was when the job was accepted, whenever the job runs', async () => {
    await clearLine(dave);
    const account = await openAt(s, dave, '2020-01-03T00:00:00.000Z', { type: 'SAVINGS', deposit: '7.5' });
    const { job } = await generate(s, dave, { reportType: 'TRANSACTION_SUMMARY', year: CURRENT_YEAR, format: 'CSV' });
    await s.service.core.accounts.createTransaction({ userId: dave.id, role: 'USER' }, { accountId: account.id, amount: '100', type: 'DEPOSIT' });
    await s.service.worker.drain();
    const done = (await getJob(s, dave, job.jobId)).data!;
    const text = await (await download(s, dave, done.result!.reportId)).text();
    const month = new Date(done.createdAt).toISOString().slice(0, 7);
    expect(text).toBe(['accountId,currency,month,transactionCount,totalIn,totalOut,net', `${account.id},USD,${month},1,7.50,0.00,7.50`, ''].join('\r\n'));
  });

  it('marks a job FAILED with a safe message once its attempts are exhausted, and moves the line on', async () => {
    await clearLine(dave);
    const { job } = await generate(s, dave, body);
    const next = await generate(s, dave, body);
    await db().update(jobs).set({ attempts: 4 }).where(sql`${jobs.payload}->>'jobId' = ${job.jobId}`);
    const broken = {
      ...generateReportHandler({ chunkRows: 500 }),
      run: async () => {
        throw new Error('relation "internal_secret_table" does not exist');
      },
    };
    await createWorker({ db: db(), handlers: [broken as never], logger: quiet }).drain();
    const failed = await getJob(s, dave, job.jobId);
    expect(failed.data).toMatchObject({ status: 'FAILED', error: 'Report generation failed; retry with a new job' });
    expect(failed.data!.completedAt).toBeDefined();
    expect(failed.data!.result).toBeUndefined();
    expect(failed.response.headers.get('retry-after')).toBeNull();
    expect(JSON.stringify(failed.data)).not.toContain('internal_secret_table');
    expect((await cancelJob(s, dave, job.jobId)).error!.message).toContain('FAILED');
    expect((await getJob(s, dave, next.job.jobId)).data!.status).toBe('PROCESSING');
  });

  it('refuses another user every operation on an unfinished job with 403, and leaves it running', async () => {
    await clearLine(dave);
    const { job } = await generate(s, dave, body);
    for (const response of [(await getJob(s, erin, job.jobId)).response, (await cancelJob(s, erin, job.jobId)).response]) {
      expect(response.status).toBe(403);
    }
    expect((await getJob(s, dave, job.jobId)).data!.status).toBe('PROCESSING');
    const admin2 = await s.createUser({ role: 'ADMIN' });
    expect((await cancelJob(s, admin2, job.jobId)).data!.status).toBe('CANCELLED');
  });
});

/**
 * The report files. One column list per report type, in the order of the contract's
 * TransactionSummaryRow / AccountStatementRow, drives both formats:
 * - CSV (RFC 4180): a header row of the column names, then one record per row;
 * - JSON: the contract's ReportDocument. Amounts are written as the exact decimal literal
 *   (`2500.00`), never through a binary float, so the file says precisely what the ledger says.
 * Rows are rendered one by one as the job reads the ledger; `file` puts the document around them.
 */
import { formatAmount } from '../shared/money.js';
import { csvRecord, csvText } from './csv.js';
import type { ReportFormat, ReportType } from './report-job.js';
import type { StatementRow, SummaryRow } from './report-sources.js';

interface Column<R> {
  name: string;
  /** `id`: service-made text; `number`: a decimal literal; `text`: free text people wrote. */
  kind: 'id' | 'number' | 'text';
  value(row: R): string | undefined;
}

const SUMMARY_COLUMNS: Column<SummaryRow>[] = [
  { name: 'accountId', kind: 'id', value: (r) => r.accountId },
  { name: 'currency', kind: 'id', value: (r) => r.currency },
  { name: 'month', kind: 'id', value: (r) => r.month },
  { name: 'transactionCount', kind: 'number', value: (r) => String(r.transactionCount) },
  { name: 'totalIn', kind: 'number', value: (r) => formatAmount(r.totalIn, r.currency) },
  { name: 'totalOut', kind: 'number', value: (r) => formatAmount(r.totalOut, r.currency) },
  { name: 'net', kind: 'number', value: (r) => formatAmount(r.net, r.currency) },
];

const STATEMENT_COLUMNS: Column<StatementRow>[] = [
  { name: 'accountId', kind: 'id', value: (r) => r.accountId },
  { name: 'transactionId', kind: 'id', value: (r) => r.transactionId },
  { name: 'createdAt', kind: 'id', value: (r) => r.createdAt.toISOString() },
  { name: 'type', kind: 'id', value: (r) => r.type },
  { name: 'direction', kind: 'id', value: (r) => r.direction },
  { name: 'amount', kind: 'number', value: (r) => formatAmount(r.amount, r.currency) },
  { name: 'currency', kind: 'id', value: (r) => r.currency },
  { name: 'description', kind: 'text', value: (r) => r.description ?? undefined },
  { name: 'balance', kind: 'number', value: (r) => formatAmount(r.balance, r.currency) },
];

export interface ReportMeta {
  reportId: string;
  reportType: ReportType;
  year: number;
  generatedAt: Date;
}

export interface ReportFormatter<R> {
  /** The text of one row. */
  record(row: R): string;
  /** The whole file around the rows' texts, in order. */
  file(records: readonly string[], meta: ReportMeta): string;
}

function csv<R>(columns: Column<R>[]): ReportFormatter<R> {
  const header = csvRecord(columns.map((c) => c.name));
  return {
    record: (row) => csvRecord(columns.map((c) => (c.kind === 'text' ? csvText(c.value(row)) : c.value(row)))),
    file: (records) => header + records.join(''),
  };
}

function json<R>(columns: Column<R>[]): ReportFormatter<R> {
  return {
    record(row) {
      const members: string[] = [];
      for (const c of columns) {
        const value = c.value(row);
        if (value !== undefined) members.push(`${JSON.stringify(c.name)}:${c.kind === 'number' ? value : JSON.stringify(value)}`);
      }
      return `{${members.join(',')}}`;
    },
    file(records, meta) {
      const head = `{"reportId":${JSON.stringify(meta.reportId)},"reportType":${JSON.stringify(meta.reportType)},"year":${meta.year},"generatedAt":${JSON.stringify(meta.generatedAt.toISOString())},"rows":[`;
      return `${head}${records.length ? `\n${records.join(',\n')}\n` : ''}]}\n`;
    },
  };
}

export function summaryFormatter(format: ReportFormat): ReportFormatter<SummaryRow> {
  return format === 'CSV' ? csv(SUMMARY_COLUMNS) : json(SUMMARY_COLUMNS);
}

export function statementFormatter(format: ReportFormat): ReportFormatter<StatementRow> {
  return format === 'CSV' ? csv(STATEMENT_COLUMNS) : json(STATEMENT_COLUMNS);
}

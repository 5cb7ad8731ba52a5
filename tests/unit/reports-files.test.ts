import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvText } from '../../core/reports/csv.js';
import { statementFormatter, summaryFormatter, type ReportMeta } from '../../core/reports/report-files.js';
import type { StatementRow, SummaryRow } from '../../core/reports/report-sources.js';

describe('CSV (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('writes %j as %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes null and undefined as empty fields and ends records with CRLF', () => {
    expect(csvRecord(['a', null, undefined, 3])).toBe('a,,,3\r\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('defuses free text %j that a spreadsheet would evaluate', (value) => {
    expect(csvText(value)).toBe(`'${value}`);
  });

  it('leaves ordinary free text alone', () => {
    expect(csvText('Rent, May = 12')).toBe('Rent, May = 12');
    expect(csvText(null)).toBeUndefined();
  });
});

const meta: ReportMeta = { reportId: 'rpt_01m7z9zyfvfev8g04hr93v6800', reportType: 'TRANSACTION_SUMMARY', year: 2024, generatedAt: new Date('2025-02-03T04:05:06.789Z') };
const summary: SummaryRow = { accountId: 'acc_1', currency: 'USD', month: '2024-02', transactionCount: 3, totalIn: '40.0000', totalOut: '99.9900', net: '-59.9900' };
const statement: StatementRow = {
  accountId: 'acc_1',
  transactionId: 'txn_1',
  createdAt: new Date('2024-02-03T08:15:00.000Z'),
  type: 'PAYMENT',
  direction: 'OUT',
  amount: '1000000000000.0000',
  currency: 'USD',
  description: null,
  balance: '0',
};

describe('TRANSACTION_SUMMARY files', () => {
  it('writes the contract columns in order, amounts in the currency’s minor units', () => {
    const csv = summaryFormatter('CSV');
    expect(csv.file([csv.record(summary), csv.record({ ...summary, currency: 'JPY', totalIn: '5000.0000', totalOut: '0', net: '5000' })], meta)).toBe(
      'accountId,currency,month,transactionCount,totalIn,totalOut,net\r\nacc_1,USD,2024-02,3,40.00,99.99,-59.99\r\nacc_1,JPY,2024-02,3,5000,0,5000\r\n',
    );
  });

  it('writes a ReportDocument with exact decimal literals', () => {
    const json = summaryFormatter('JSON');
    const text = json.file([json.record(summary)], meta);
    expect(text).toBe(
      '{"reportId":"rpt_01m7z9zyfvfev8g04hr93v6800","reportType":"TRANSACTION_SUMMARY","year":2024,"generatedAt":"2025-02-03T04:05:06.789Z","rows":[\n' +
        '{"accountId":"acc_1","currency":"USD","month":"2024-02","transactionCount":3,"totalIn":40.00,"totalOut":99.99,"net":-59.99}\n]}\n',
    );
    expect(JSON.parse(text).rows[0].net).toBe(-59.99);
    expect(JSON.parse(json.file([], meta)).rows).toEqual([]);
  });
});

describe('ACCOUNT_STATEMENT files', () => {
  it('leaves an absent description empty in CSV and out of JSON; amounts never pass through a float', () => {
    const csv = statementFormatter('CSV');
    expect(csv.record(statement)).toBe('acc_1,txn_1,2024-02-03T08:15:00.000Z,PAYMENT,OUT,1000000000000.00,USD,,0.00\r\n');
    const json = statementFormatter('JSON');
    expect(json.record(statement)).toBe(
      '{"accountId":"acc_1","transactionId":"txn_1","createdAt":"2024-02-03T08:15:00.000Z","type":"PAYMENT","direction":"OUT","amount":1000000000000.00,"currency":"USD","balance":0.00}',
    );
  });

  it('escapes descriptions for each format: JSON keeps the text, CSV quotes and defuses it', () => {
    const row = { ...statement, description: '=cmd|"/c calc"!A1\n' };
    expect(JSON.parse(statementFormatter('JSON').record(row)).description).toBe('=cmd|"/c calc"!A1\n');
    expect(statementFormatter('CSV').record(row).endsWith(`,"'=cmd|""/c calc""!A1\n",0.00\r\n`)).toBe(true);
  });

  it('ends with the running balance column (contract 1.1.0)', () => {
    expect(statementFormatter('CSV').file([], { ...meta, reportType: 'ACCOUNT_STATEMENT' })).toBe('accountId,transactionId,createdAt,type,direction,amount,currency,description,balance\r\n');
  });
});

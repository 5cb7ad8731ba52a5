/** Totals across accounts: amounts in different currencies are never added. */
import Big from 'big.js';
import { formatAmount } from '../shared/money.js';

/**
 * Sum of the balances, formatted with the currency's minor units; null when there is no account
 * or when the accounts hold different currencies.
 * @example totalBalance([{ balance: '1.5', currency: 'USD' }, { balance: '2', currency: 'USD' }]) // { amount: '3.50', currency: 'USD' }
 */
export function totalBalance(accounts: ReadonlyArray<{ balance: string; currency: string }>): { amount: string; currency: string } | null {
  const currency = accounts[0]?.currency;
  if (!currency || accounts.some((a) => a.currency !== currency)) return null;
  const sum = accounts.reduce((total, a) => total.plus(new Big(a.balance)), new Big(0));
  return { amount: formatAmount(sum.toFixed(), currency), currency };
}

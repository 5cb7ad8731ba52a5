// Type-only placeholders: the database-row shapes that back GraphQL types (codegen `mappers`).
// Where a row differs from its GraphQL type, the generated resolver types demand a field resolver.

export interface UserMapper {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'USER' | 'ADMIN' | 'SUPER_ADMIN';
  status: 'ACTIVE' | 'SUSPENDED' | 'CLOSED';
  createdAt: Date;
  ssn?: string | null;
}

export interface AccountMapper {
  id: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
  currency: string;
  /** exact decimal as a string, e.g. "1234.50" */
  balance: string;
  status: 'ACTIVE' | 'SUSPENDED' | 'CLOSED';
  userId: string;
  createdAt: Date;
}

export interface TransactionMapper {
  id: string;
  type: 'DEPOSIT' | 'WITHDRAWAL' | 'TRANSFER' | 'PAYMENT';
  amount: string;
  currency: string;
  fromAccountId: string | null;
  toAccountId: string | null;
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'REVERSED';
  description: string | null;
  createdAt: Date;
}

export interface TransferMapper {
  id: string;
  amount: string;
  currency: string;
  fromAccountId: string;
  toAccountId: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'REVERSED';
  createdAt: Date;
  transactionId: string | null;
}

export interface BalanceUpdateMapper {
  accountId: string;
  newBalance: string;
  timestamp: Date;
}

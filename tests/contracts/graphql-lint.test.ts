import { describe, it, expect } from 'vitest';
import { lintGraphqlSchema } from '../../scripts/lint-graphql.js';

const rulesOf = (sdl: string) => lintGraphqlSchema(sdl).map((violation) => violation.rule);

describe('lintGraphqlSchema', () => {
  it('accepts a documented schema that follows every naming rule', () => {
    const sdl = `
      "A thing with an id."
      interface Node {
        "Global id."
        id: ID!
      }
      "A user."
      type User implements Node {
        "Global id."
        id: ID!
        "Accounts of the user."
        accounts(firstCount: Int = 10, sortOrder: SortOrder): [Account!]!
      }
      "An account."
      type Account {
        "Account number."
        accountNumber: String!
      }
      "Sort direction."
      enum SortOrder { ASC DESC NEWEST_FIRST }
      "Anything searchable."
      union SearchResult = User | Account
      "Input of createAccount."
      input CreateAccountInput {
        "Owner."
        userId: ID!
      }
      "Instant in UTC."
      scalar DateTime
      "Gate a field by role."
      directive @auth(requires: String) on FIELD_DEFINITION
      extend type User {
        "Added by another module."
        createdAt: DateTime!
      }
    `;
    expect(lintGraphqlSchema(sdl)).toEqual([]);
  });

  it('flags type, interface, union, enum, input and scalar names that are not PascalCase', () => {
    const sdl = `
      "d" type user_profile { "d" id: ID! }
      "d" interface node { "d" id: ID! }
      "d" union searchResult = user_profile
      "d" enum sort_order { ASC }
      "d" input createInput { "d" id: ID! }
      "d" scalar dateTime
    `;
    expect(lintGraphqlSchema(sdl).map((v) => v.message)).toEqual([
      'Type "user_profile" is not PascalCase.',
      'Interface "node" is not PascalCase.',
      'Union "searchResult" is not PascalCase.',
      'Enum "sort_order" is not PascalCase.',
      'Input "createInput" is not PascalCase.',
      'Scalar "dateTime" is not PascalCase.',
    ]);
  });

  it('flags object, interface, extension and input fields that are not camelCase', () => {
    const sdl = `
      "d" type User { "d" first_name: String "d" LastName: String }
      "d" interface Node { "d" ID: ID! }
      extend type User { "d" created_at: String }
      "d" input UserInput { "d" email_address: String }
    `;
    expect(rulesOf(sdl)).toEqual(Array(5).fill('graphql-camel-case-fields'));
  });

  it('flags field and directive arguments that are not camelCase', () => {
    const sdl = `
      "d" type Query { "d" users(page_size: Int, After: String): [String] }
      directive @auth(Requires: String) on FIELD_DEFINITION
    `;
    expect(lintGraphqlSchema(sdl).map((v) => v.message)).toEqual([
      'Argument "page_size" of field "users" is not camelCase.',
      'Argument "After" of field "users" is not camelCase.',
      'Argument "Requires" of directive "@auth" is not camelCase.',
    ]);
  });

  it('flags enum values that are not SCREAMING_SNAKE_CASE', () => {
    const sdl = `"d" enum Status { ACTIVE suspended Closed IN__REVIEW _HIDDEN ON_HOLD2 }`;
    expect(lintGraphqlSchema(sdl).map((v) => v.message)).toEqual([
      'Enum value "suspended" is not SCREAMING_SNAKE_CASE.',
      'Enum value "Closed" is not SCREAMING_SNAKE_CASE.',
      'Enum value "IN__REVIEW" is not SCREAMING_SNAKE_CASE.',
      'Enum value "_HIDDEN" is not SCREAMING_SNAKE_CASE.',
    ]);
  });

  it('flags types without a description', () => {
    const sdl = `
      type User { "d" id: ID! }
      enum Role { USER }
      union Thing = User
      input UserInput { "d" id: ID! }
      scalar Email
      interface Node { "d" id: ID! }
    `;
    expect(rulesOf(sdl)).toEqual(Array(6).fill('graphql-type-descriptions'));
  });

  it('flags fields and input fields without a description, also in type extensions', () => {
    const sdl = `
      "d" type User { id: ID! }
      extend type Query { me: User }
      "d" input UserInput { name: String }
    `;
    expect(lintGraphqlSchema(sdl).map((v) => v.message)).toEqual([
      'Field "User.id" has no description.',
      'Field "Query.me" has no description.',
      'Field "UserInput.name" has no description.',
    ]);
  });

  it('reports where each violation is', () => {
    expect(lintGraphqlSchema('"d"\ntype User {\n  "d" Name: String\n}')).toEqual([
      { rule: 'graphql-camel-case-fields', message: 'Field "User.Name" is not camelCase.', location: { line: 3, column: 7 } },
    ]);
  });

  it('reports a syntax error instead of throwing', () => {
    expect(lintGraphqlSchema('type User {')).toEqual([
      expect.objectContaining({ rule: 'graphql-syntax', location: { line: 1, column: 12 } }),
    ]);
  });
});

/**
 * Prefixed, time-sortable identifiers (TypeID: `usr_01m7z9qjptfzxbh2xnp8h1qqje`). The prefix names
 * the resource, so `node(id)` can dispatch on it and a wrong-kind id is simply not found.
 */
import { typeid } from 'typeid-js';

export const ID_PREFIXES = {
  user: 'usr',
  account: 'acc',
  transaction: 'txn',
  transfer: 'trf',
  order: 'ord',
  payment: 'pay',
  job: 'job',
  report: 'rpt',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** A fresh id of the given kind. */
export function newId(kind: IdKind): string {
  return typeid(ID_PREFIXES[kind]).toString();
}

const TYPEID = /^([a-z]{3})_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

/** The kind an id belongs to, or undefined when it is not a well-formed id of ours. */
export function idKind(id: string): IdKind | undefined {
  const prefix = TYPEID.exec(id)?.[1];
  return (Object.keys(ID_PREFIXES) as IdKind[]).find((k) => ID_PREFIXES[k] === prefix);
}

/** True when `id` is a well-formed id of `kind`; lookups skip the database otherwise. */
export function isIdOf(kind: IdKind, id: string): boolean {
  return idKind(id) === kind;
}

import { useQuery } from '@tanstack/react-query';
import { createContext } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { accountIdField, accountIdsOf } from '../../lib/api/account-names.ts';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { accountNamesOptions } from '../../lib/api/account-names-query.ts';
import { useRefusedModules } from '../../lib/api/use-refused-modules.ts';

/** The names, once looked up; undefined while they load, when the lookup failed, or none apply. */
export const AccountNamesContext = createContext<AccountNames | undefined>(undefined);

/** 13F holdings, the one module with account names besides history (when the user has it). */
const THIRTEEN_F: ModuleId = '13f_holdings';

/** Whether 13F may name accounts: the user has it, as far as the session knows. */
export function useNamesFrom13F(): boolean {
  return !useRefusedModules().has(THIRTEEN_F);
}

/** The account names of `rows` of `module` (undefined until known, or for a module without). */
export function useAccountNames(
  module: ModuleId,
  rows: readonly ServiceRecord[] | undefined,
): AccountNames | undefined {
  const field = accountIdField(module);
  const with13F = useNamesFrom13F();
  const ids = field === undefined || rows === undefined ? [] : accountIdsOf(rows, field);
  const { data } = useQuery(accountNamesOptions(ids, with13F));
  return data;
}

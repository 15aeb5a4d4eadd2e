import { useCall, type OperatorRole } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';

/** A page of the console and the roles that may use it (an admin may use every page; the API checks it again). */
export interface ConsolePage {
  path: string;
  label: 'nav.deposits' | 'nav.withdrawals' | 'nav.loans' | 'nav.kyc' | 'nav.chat' | 'nav.users' | 'nav.audit';
  roles: readonly OperatorRole[] | 'all';
}

/** The pages in the side navigation's order; the first one the operator's role may use is where the console opens. */
export const PAGES: readonly ConsolePage[] = [
  { path: '/ops/deposits', label: 'nav.deposits', roles: ['finance'] },
  { path: '/ops/withdrawals', label: 'nav.withdrawals', roles: ['finance'] },
  { path: '/ops/loans', label: 'nav.loans', roles: ['finance'] },
  { path: '/ops/kyc', label: 'nav.kyc', roles: ['support'] },
  { path: '/ops/chat', label: 'nav.chat', roles: ['support'] },
  { path: '/ops/users', label: 'nav.users', roles: 'all' },
  { path: '/ops/audit', label: 'nav.audit', roles: [] },
];

/** Whether an operator of `role` may use `page`. */
export const mayUse = (page: ConsolePage, role: OperatorRole): boolean => role === 'admin' || page.roles === 'all' || page.roles.includes(role);

/** The pages an operator of `role` may use, in the navigation's order. */
export const pagesFor = (role: OperatorRole): ConsolePage[] => PAGES.filter((p) => mayUse(p, role));

/** The signed-in operator (name and role), asked of the API once and shared by the frame and the pages. */
export function useOperator() {
  return useCall(opsCalls.opsMe, undefined, { staleTime: Infinity });
}

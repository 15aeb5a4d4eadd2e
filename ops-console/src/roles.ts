import { useCall, type OperatorRole } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';

/** The side navigation's sections: the queues, the products operators make, and the users and what admins keep. */
export type PageGroup = 'queues' | 'products' | 'admin';

/** A page of the console and the roles that may use it (an admin may use every page; the API checks it again). */
export interface ConsolePage {
  path: string;
  label:
    | 'nav.deposits'
    | 'nav.withdrawals'
    | 'nav.loans'
    | 'nav.kyc'
    | 'nav.chat'
    | 'nav.offers'
    | 'nav.ipos'
    | 'nav.funds'
    | 'nav.users'
    | 'nav.invitations'
    | 'nav.settings'
    | 'nav.audit';
  group: PageGroup;
  roles: readonly OperatorRole[] | 'all';
}

/** The pages in the side navigation's order; the first one the operator's role may use is where the console opens. */
export const PAGES: readonly ConsolePage[] = [
  { path: '/ops/deposits', label: 'nav.deposits', group: 'queues', roles: ['finance'] },
  { path: '/ops/withdrawals', label: 'nav.withdrawals', group: 'queues', roles: ['finance'] },
  { path: '/ops/loans', label: 'nav.loans', group: 'queues', roles: ['finance'] },
  { path: '/ops/kyc', label: 'nav.kyc', group: 'queues', roles: ['support'] },
  { path: '/ops/chat', label: 'nav.chat', group: 'queues', roles: ['support'] },
  { path: '/ops/offers', label: 'nav.offers', group: 'products', roles: ['products'] },
  { path: '/ops/ipos', label: 'nav.ipos', group: 'products', roles: ['products'] },
  { path: '/ops/funds', label: 'nav.funds', group: 'products', roles: ['products'] },
  { path: '/ops/users', label: 'nav.users', group: 'admin', roles: 'all' },
  { path: '/ops/invitation-codes', label: 'nav.invitations', group: 'admin', roles: [] },
  { path: '/ops/settings', label: 'nav.settings', group: 'admin', roles: [] },
  { path: '/ops/audit', label: 'nav.audit', group: 'admin', roles: [] },
];

/** Whether an operator of `role` may use `page`. */
export const mayUse = (page: ConsolePage, role: OperatorRole): boolean => role === 'admin' || page.roles === 'all' || page.roles.includes(role);

/** The pages an operator of `role` may use, in the navigation's order. */
export const pagesFor = (role: OperatorRole): ConsolePage[] => PAGES.filter((p) => mayUse(p, role));

/** The signed-in operator (name and role), asked of the API once and shared by the frame and the pages. */
export function useOperator() {
  return useCall(opsCalls.opsMe, undefined, { staleTime: Infinity });
}

/** Whether the signed-in operator may make and change products (offers, IPOs, funds, qualified investors). */
export function useProductsRole(): boolean {
  const role = useOperator().data?.role;
  return role === 'products' || role === 'admin';
}

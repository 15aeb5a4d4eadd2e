import { QueryClientProvider, queryClient } from '@invest/runtime';
import type { ReactNode } from 'react';

/** Gives a tree the page's one QueryClient: the shell's root and every remote's root wrap themselves in it. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

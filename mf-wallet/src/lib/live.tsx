import { createContext, useContext } from 'react';
import { Outlet } from 'react-router-dom';
import { WALLET_POLL_MS } from '@invest/shared';
import { useWalletEvents } from '@invest/shared/user-events';

const Live = createContext(false);

/** The refetch interval of a wallet query: none while the server pushes changes, else the spec's 3 s. */
export function useWalletPoll(): number | false {
  return useContext(Live) ? false : WALLET_POLL_MS;
}

/**
 * One wallet stream for every wallet screen, kept while the user moves between them (@invest/shared's
 * useWalletEvents refetches the wallet answers on each change); the screens poll while it is not open.
 */
export function WalletLive() {
  const { mode } = useWalletEvents();
  return (
    <Live.Provider value={mode === 'stream'}>
      <Outlet />
    </Live.Provider>
  );
}

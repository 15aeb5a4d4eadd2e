import { session, useQuery } from '@invest/runtime';
import { API_BASE } from '../api/url';
import { dataUrlOf } from '../dataUrl';

/**
 * An uploaded picture (an ID photo), as a data: URL. It is served only with its owner's or an operator's token (an
 * <img src> could not send it), so it is fetched like a call, with the page's session; the bytes never change, so
 * once is enough.
 */
export function useUploadedImage(url: string | null) {
  return useQuery({
    queryKey: ['upload', url],
    enabled: url !== null,
    staleTime: Infinity,
    queryFn: async () => {
      // The URL the API gave is /api/...: keep it on this origin's API, whatever it says.
      const path = url!.startsWith(`${API_BASE}/`) ? url! : `${API_BASE}/${url!.replace(/^\/+/, '')}`;
      const res = await fetch(path, { headers: { Authorization: `Bearer ${session.token() ?? ''}` } });
      if (!res.ok) throw new Error(`picture ${res.status}`);
      return dataUrlOf(await res.blob());
    },
  });
}

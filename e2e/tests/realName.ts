import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authOf, operatorToken } from './helpers';

/** A 16×10 JPEG: a stand-in ID photo for tests that are not about the photos. */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAKABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOAsAj/9k=',
  'base64',
);
/** A valid Aadhaar number (12 digits, Verhoeff check digit). */
export const AADHAAR = '234123412346';

/**
 * Gives the page's user an approved real-name verification through the API, as the user and an operator would:
 * withdrawals and loans need one (e2e/tests/account-real-name.spec.ts tests the screens and the rule). On a server of
 * a spec's own, `server` names its data folder (its operator) and an ID number of its deployment.
 */
export async function approveRealName(request: APIRequestContext, page: Page, server: { dataDir?: string; idNumber?: string } = {}): Promise<void> {
  const headers = await authOf(page);
  const urls: string[] = [];
  for (const side of ['front', 'back']) {
    const res = await request.post('/api/stock/success/upload', { headers, multipart: { file: { name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: TINY_JPEG } } });
    expect(res.status(), await res.text()).toBe(200);
    urls.push(((await res.json()) as { data: { url: string } }).data.url);
  }
  const sub = await request.post('/api/stock/success/autonomy/add', {
    headers,
    data: { real_name: 'Asha Rao', id_type: 'idCard', id_number: server.idNumber ?? AADHAAR, id_number_img: urls[0], id_number_img_two: urls[1] },
  });
  expect(sub.status(), await sub.text()).toBe(200);
  const { id } = ((await sub.json()) as { data: { id: number } }).data;
  const ok = await request.post(`/api/ops/kyc/${id}/approve`, { headers: { Authorization: `Bearer ${await operatorToken(request, server.dataDir)}` }, data: {} });
  expect(ok.status(), await ok.text()).toBe(200);
}

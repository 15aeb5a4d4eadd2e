import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ApiError, calls, type RealName } from '@invest/shared';
import { answer, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

// jsdom has no canvas: the browser resize is tested in Chromium (e2e/tests/account-real-name.spec.ts).
jest.mock('../src/realName/resizeImage', () => {
  const actual = jest.requireActual('../src/realName/resizeImage');
  return {
    ...actual,
    resizeImage: jest.fn(async (file: File) => {
      if (!file.type.startsWith('image/')) throw new actual.ImageError('notAnImage');
      return { blob: new Blob(['jpeg'], { type: 'image/jpeg' }), preview: 'data:image/jpeg;base64,AAAA' };
    }),
  };
});

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const STATE = calls.realNameState.path;
const ADD = calls.realNameAdd.path;
const UPLOAD = calls.upload.path;
const INR = [{ tag: 'currency', value: 'INR' }];
const FRONT = '/api/stock/success/upload/0123456789abcdef0123456789abcdef.jpg';
const BACK = '/api/stock/success/upload/fedcba9876543210fedcba9876543210.jpg';
const submission = (over: Partial<RealName> = {}): RealName => ({
  id: 4,
  status: 1,
  real_name: 'Asha Rao',
  id_type: 'idCard',
  id_number: '****2346',
  id_number_img: FRONT,
  id_number_img_two: BACK,
  reject_reason: null,
  created_at: '2026-01-02T03:04:05.000Z',
  ...over,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}
const show = () => {
  window.history.replaceState(null, '', '/settings');
  return renderAt(
    '/settings/real-name',
    <>
      <AppRoutes />
      <Where />
    </>,
  );
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pick = (tile: string, file: File) => act(async () => fireEvent.change(screen.getByTestId(`photo-${tile}`).querySelector('input')!, { target: { files: [file] } }));
const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const submit = () => screen.getByTestId('real-name-submit') as HTMLButtonElement;

it('labels the INR ID types, checks the Aadhaar and PAN, needs both photos, and sends the spec payload', async () => {
  let uploads = 0;
  answer({ '/v2/config': () => INR, [STATE]: () => null, [UPLOAD]: () => ({ url: ++uploads === 1 ? FRONT : BACK }), [ADD]: () => submission() });
  show();
  await screen.findByTestId('real-name-form');
  expect([...(screen.getByLabelText('ID type') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Aadhaar', "Driver's license", 'PAN', 'Other']);

  type('Full name', 'Asha Rao');
  type('ID number', '2341 2341 234');
  fireEvent.blur(screen.getByLabelText('ID number'));
  expect(screen.getByRole('alert').textContent).toBe('Invalid Aadhaar number (12 digits)');
  // 12 digits whose check digit is wrong: the length is right, the digits are not.
  type('ID number', '2341 2341 2345');
  expect(screen.getByRole('alert').textContent).toBe('This Aadhaar number is not valid: check the digits');
  fireEvent.change(screen.getByLabelText('ID type'), { target: { value: 'passport' } });
  expect(screen.getByRole('alert').textContent).toBe('Invalid PAN (e.g. ABCDE1234F)');
  type('ID number', 'abcde1234f');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('Please upload an identification photo')).toBeTruthy();
  expect(submit().disabled).toBe(true);

  await pick('front', new File(['#!/bin/sh'], 'script.sh', { type: 'text/x-sh' }));
  expect(screen.getByRole('alert').textContent).toBe('Please select an image file');
  await pick('front', jpeg('front.jpg'));
  expect(submit().disabled).toBe(true);
  await pick('back', jpeg('back.jpg'));
  expect(uploads).toBe(2);
  expect(submit().disabled).toBe(false);

  await act(async () => fireEvent.click(submit()));
  expect(inputsOf(ADD)).toEqual([{ real_name: 'Asha Rao', id_type: 'passport', id_number: 'ABCDE1234F', id_number_img: FRONT, id_number_img_two: BACK }]);
  // A successful submit navigates back.
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings'));
});

it('shows a failed upload under its tile and keeps submit disabled', async () => {
  answer({
    '/v2/config': () => INR,
    [STATE]: () => null,
    [UPLOAD]: () => {
      throw new ApiError(413, 'imageTooLarge');
    },
  });
  show();
  await screen.findByTestId('real-name-form');
  await pick('front', jpeg('huge.jpg'));
  expect(screen.getByRole('alert').textContent).toBe('The image must be at most 5 MB');
  expect(submit().disabled).toBe(true);
});

it.each([
  [1, 'Under review'],
  [2, 'Verified'],
])('status %s shows the submission read-only under the "%s" stamp, the ID number masked', async (status, stamp) => {
  answer({ '/v2/config': () => INR, [STATE]: () => submission({ status }) });
  show();
  expect((await screen.findByTestId('real-name-stamp')).textContent).toBe(stamp);
  expect(screen.getByTestId('real-name-id-number').textContent).toBe('****2346');
  expect(screen.queryByTestId('real-name-form')).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
});

it("a rejection shows the operator's reason and the form again", async () => {
  answer({ '/v2/config': () => INR, [STATE]: () => submission({ status: 3, reject_reason: 'The photo is blurred' }) });
  show();
  expect((await screen.findByTestId('real-name-rejected')).textContent).toContain('Your verification was rejected: The photo is blurred');
  expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Asha Rao');
});

it('opens the form even when the state could not load', async () => {
  answer({
    '/v2/config': () => INR,
    [STATE]: () => {
      throw new ApiError(500, 'serverError');
    },
  });
  show();
  expect(await screen.findByText('Your verification status could not load. You can still fill in the form.')).toBeTruthy();
  expect(screen.getByTestId('real-name-form')).toBeTruthy();
});

import { backends, HOOK_TIMEOUT, testJpeg, useApp } from './harness';
import { opsCli } from './ops-cli';

// The kyc commands talk to a running server, as an operator would while `npm start` runs.
describe.each(backends.slice(0, 1))('ops kyc commands against a running server on $name', (backend) => {
  const t = useApp(backend);
  let cli: ReturnType<typeof opsCli>;

  beforeAll(async () => {
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);


  async function submit() {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const [a, b] = [await t.current.upload(token, await testJpeg('#123456')), await t.current.upload(token, await testJpeg('#654321'))];
    const body = { real_name: 'Asha Rao', id_type: 'passport', id_number: 'ABCDE1234F', id_number_img: a.body.data.url, id_number_img_two: b.body.data.url };
    const sub = await t.current.post('/stock/success/autonomy/add', body, { token });
    return { phone, token, id: sub.body.data.id as number, front: a.body.data.url as string };
  }

  it(
    'lists, shows, approves and rejects submissions, each once, and they are audited',
    async () => {
      const one = await submit();
      const two = await submit();

      const list = await cli('kyc', 'list', '--status', '1');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`^${one.id}\\s+${one.phone}\\s+under review\\s+Asha Rao\\s+passport ABCDE1234F`, 'm'));
      const show = await cli('kyc', 'show', String(one.id));
      expect(show.stdout).toContain(`front photo: ${one.front}`);

      expect(await cli('kyc', 'approve', String(one.id))).toMatchObject({ code: 0, stdout: `real name ${one.id} of ${one.phone} approved\n` });
      expect(await cli('kyc', 'approve', String(one.id))).toMatchObject({ code: 1, stderr: 'refused (409): This has already been processed. (alreadySettled)\n' });
      expect((await t.current.get('/stock/success/autonomy/state', { token: one.token })).body.data.status).toBe(2);

      expect(await cli('kyc', 'reject', String(two.id))).toMatchObject({ code: 2 });
      expect(await cli('kyc', 'reject', String(two.id), '--reason', 'Photo unreadable')).toMatchObject({ code: 0 });
      expect((await t.current.get('/stock/success/autonomy/state', { token: two.token })).body.data).toMatchObject({ status: 3, reject_reason: 'Photo unreadable' });

      const audit = (await cli('audit', '--action', 'kyc')).stdout;
      expect(audit).toContain(`kyc.approve  kyc ${one.id}`);
      expect(audit).toContain(`kyc.reject   kyc ${two.id}`);
      expect(await cli('kyc', 'frobnicate')).toMatchObject({ code: 2 });
    },
    60_000,
  );
});

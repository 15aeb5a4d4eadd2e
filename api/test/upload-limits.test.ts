import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES } from '@invest/shared/contract';
import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { UPLOADS_PER_DAY } from '../src/uploads/store';
import { backends, HOOK_TIMEOUT, testJpeg, useApp } from './harness';

/**
 * Sends the headers of an upload promising `contentLength` bytes and then `sent` of them, and waits: resolves with what
 * the server answered before `patienceMs` passed ('' when it answered nothing yet).
 */
function uploadOver(port: number, token: string, contentLength: number, sent: Buffer, patienceMs = 3_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(done, patienceMs);
    socket.on('connect', () => {
      socket.write(
        `POST /api/stock/success/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${contentLength}\r\n\r\n`,
      );
      socket.write(sent);
    });
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n\r\n{') && answer.endsWith('}')) done();
    });
    socket.on('error', () => {});
    socket.on('close', done);
  });
}

const filePart = (data: Buffer) => Buffer.concat([Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'), data]);

// The upload counters live in the process: one backend is enough.
describe('upload limits', () => {
  const t = useApp(backends[0]!, { rateLimits: { uploadsPerUser: DEFAULT_RATE_LIMITS.uploadsPerUser } });
  let port: number;
  beforeAll(async () => {
    await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.current.built.app.server.address() as import('node:net').AddressInfo).port;
  }, HOOK_TIMEOUT);
  const user = async () => {
    const { phone, password } = await t.current.register();
    return t.current.login(phone, password);
  };

  it('counts failed uploads toward the daily limit', async () => {
    const token = await user();
    for (let i = 0; i < UPLOADS_PER_DAY; i++) {
      const junk = await t.current.upload(token, randomBytes(2048));
      expect([junk.status, junk.body.data]).toEqual([422, 'notAnImage']);
    }
    const real = await t.current.upload(token, await testJpeg());
    expect([real.status, real.body.data]).toEqual([429, 'tooManyRequests']);
    // Another user is not affected.
    expect((await t.current.upload(await user(), await testJpeg())).status).toBe(200);
  });

  it('refuses an upload whose Content-Length is over the limit before reading its body', async () => {
    const answer = await uploadOver(port, await user(), UPLOAD_MAX_BYTES + 1024 * 1024, Buffer.alloc(0));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"imageTooLarge"');
  });

  it('refuses a picture over the limit sent without a Content-Length once the limit is passed', async () => {
    const token = await user();
    const big = Buffer.concat([await testJpeg(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const body = Buffer.concat([filePart(big), Buffer.from('\r\n--xyz--\r\n')]);
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/stock/success/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: Readable.from([body.subarray(0, 1024 * 1024), body.subarray(1024 * 1024)]),
    });
    expect([res.status, res.body]).toEqual([413, { msg: 'no', data: 'imageTooLarge' }]);
  });

  it('refuses a file that is no picture from its first bytes, without waiting for the rest', async () => {
    const answer = await uploadOver(port, await user(), 4 * 1024 * 1024, filePart(randomBytes(64 * 1024)));
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(answer).toContain('"notAnImage"');
  });

  it('still takes a real picture sent in one piece, and refuses anonymous uploads before reading them', async () => {
    const token = await user();
    expect((await t.current.upload(token, await testJpeg('#123456', 800, 600))).status).toBe(200);
    const anonymous = await uploadOver(port, 'not-a-token', 4 * 1024 * 1024, Buffer.alloc(0));
    expect(anonymous).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('reads at most two uploads of one user at once (each may hold up to 5 MB): a third waits its turn with 429', async () => {
    const token = await user();
    const jpeg = await testJpeg('#345678', 800, 600);
    const sockets = [0, 1].map(() => net.connect(port, '127.0.0.1'));
    try {
      // Two uploads that look like pictures and are still coming in.
      for (const socket of sockets) {
        socket.on('error', () => {});
        await new Promise<void>((r) => socket.once('connect', () => r()));
        socket.write(
          `POST /api/stock/success/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n`,
        );
        socket.write(filePart(jpeg.subarray(0, 8 * 1024)));
      }
      await new Promise((r) => setTimeout(r, 300));
      const third = await t.current.upload(token, jpeg);
      expect([third.status, third.body.data]).toEqual([429, 'tooManyRequests']);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not held up.
      expect((await t.current.upload(await user(), jpeg)).status).toBe(200);
    } finally {
      sockets.forEach((s) => s.destroy());
    }
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.current.upload(token, jpeg)).status).toBe(200);
  });
});

import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (secure-json-parse: `__proto__` and `constructor.prototype` are
 * refused), except that an empty body is an empty input: clients send `Content-Type: application/json`
 * on body-less POSTs such as logout, and that is not a malformed request.
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, text, done);
  });
}

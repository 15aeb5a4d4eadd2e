import { call, session } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';

/**
 * Signs an operator in: the ops login call, then who that token is (the ops "me" call, with the new token before the
 * session keeps it), kept as the console's session.
 */
export async function operatorLogin(user: string, password: string): Promise<void> {
  const { token } = await call(opsCalls.opsLogin, { user, password });
  const me = await call(opsCalls.opsMe, undefined, { token });
  session.start(token, { id: me.id, user: me.user, login: true }, null);
}

// The session's two reads checked like every other (spec point 5). session.ts is on the sign-in page, which has no
// room for the checker; the signed-in shell imports this module, which adds the checks before either call is made.
import { sessionApi } from './session';
import { checkedAs } from './shapes';
import { CURRENT_USER, PERMISSIONS } from '../../domain/answers';
import type { CurrentUser } from '../../domain/api';
import type { Permissions } from '../../domain/permissions';

sessionApi.enhanceEndpoints({
  endpoints: {
    me: checkedAs<CurrentUser>(CURRENT_USER, 'профиля'),
    permissions: checkedAs<Permissions>(PERMISSIONS, 'прав доступа'),
  },
});

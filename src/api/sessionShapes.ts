// The session's two reads checked like every other (spec point 5). session.ts is on the sign-in page, which has no
// room for the checker; the signed-in shell imports this module, which adds the checks before either call is made.
import { sessionApi } from './session';
import { checked } from './shapes';
import { CURRENT_USER, PERMISSIONS } from '../../domain/responseShapes';
import type { CurrentUser } from '../../domain/api';
import type { Permissions } from '../../domain/permissions';

sessionApi.enhanceEndpoints({
  endpoints: {
    me: checked<CurrentUser>(CURRENT_USER, 'профиля'),
    permissions: checked<Permissions>(PERMISSIONS, 'прав доступа'),
  },
});

// The profile (/profile): what a signed-in user sees and changes of their own account.
// - Data: the account's name, e-mail, role and supplier; from its employee card the phone and position, each only
//   when the role sees that field of an employee card (domain/hiddenFields.ts: hidden under every name, also
//   here). The name and the phone are the user's to change, with the employee card's rules; an employee's name is
//   its card's full_name, kept equal on both rows. E-mail (the login), role and position are the administrator's.
// - Password: the current one checked like a sign-in (passwordCheck.ts), the new one with the set-password policy;
//   every other session of the user ends, the one that changed it stays.
// - Sessions: the live ones with their browser, address, sign-in and last use; any but the current one can end.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { employees, positions, roles, sessions, suppliers, users } from '../db/schema';
import {
  changePasswordSchema,
  PROFILE_MSG,
  profileSchema,
  type Profile,
  type SessionInfo,
} from '../../domain/accounts';
import { EMPLOYEE_MSG } from '../../domain/employees/schema';
import { hiddenFieldMessage } from '../../domain/schemas/card';
import { isFieldVisible, type UserType } from '../../domain/permissions';
import { badRequest, forbidden, notFound } from '../errors';
import { refuseDuplicate, validateCard } from '../records/card';
import type { Row } from '../records/pipeline';
import { checkPassword, type PasswordGuard } from '../accounts/passwordCheck';
import { hashPassword } from '../accounts/passwords';
import { revokeUserSessions } from '../accounts/sessions';
import { clientAddress } from '../accounts/throttle';
import { describeUserAgent } from '../accounts/userAgent';
import type { AuthenticatedUser } from '../accounts/users';

const visibleOnEmployee = (auth: AuthenticatedUser, field: string) =>
  isFieldVisible(auth.permissions, 'employees', field);

/** The phone is the user's to change when the account has an employee card whose phone the role sees. */
const phoneEditable = (auth: AuthenticatedUser) => auth.user.employee_id !== null && visibleOnEmployee(auth, 'phone');

export async function readProfile(db: Database, auth: AuthenticatedUser): Promise<Profile> {
  const { user } = auth;
  const [row] = await db
    .select({ role: roles.name, supplier: suppliers.name, phone: employees.phone, position: positions.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(suppliers, eq(suppliers.id, users.supplier_id))
    .leftJoin(employees, eq(employees.id, users.employee_id))
    .leftJoin(positions, eq(positions.id, employees.position_id))
    .where(eq(users.id, user.id));
  const profile: Profile = {
    user_id: user.id,
    email: user.email,
    name: user.name ?? user.email,
    user_type: user.user_type as UserType,
    is_admin: user.is_admin,
    role: user.is_admin ? 'Администратор' : (row?.role ?? null),
    supplier: row?.supplier ?? null,
    editable: phoneEditable(auth) ? ['name', 'phone'] : ['name'],
  };
  if (user.employee_id !== null) {
    if (visibleOnEmployee(auth, 'phone')) profile.phone = row?.phone ?? null;
    if (visibleOnEmployee(auth, 'position_id')) profile.position = row?.position ?? null;
  }
  return profile;
}

export async function updateProfile(db: Database, auth: AuthenticatedUser, body: Row): Promise<Profile> {
  const { user } = auth;
  const hasPhone = body.phone !== undefined && body.phone !== null && body.phone !== '';
  if (hasPhone && user.employee_id === null) throw badRequest(PROFILE_MSG.phoneNotEditable);
  if (hasPhone && !phoneEditable(auth)) throw forbidden(hiddenFieldMessage('phone'));
  const editable = phoneEditable(auth);
  const values = await validateCard(profileSchema(editable), {
    name: body.name ?? user.name ?? '',
    ...(editable ? { phone: body.phone ?? undefined } : {}),
  });
  const name = String(values.name);
  // a phone left out keeps the stored one; '' clears it
  const phone = editable && body.phone !== undefined ? (values.phone ? String(values.phone) : null) : undefined;
  if (user.employee_id !== null && phone) {
    await refuseDuplicate(
      db,
      sql`phone = ${phone}`,
      'employees',
      EMPLOYEE_MSG.duplicate,
      EMPLOYEE_MSG.conflictText,
      user.employee_id,
    );
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name }).where(eq(users.id, user.id));
    if (user.employee_id !== null) {
      await tx
        .update(employees)
        .set({ full_name: name, ...(phone !== undefined ? { phone } : {}) })
        .where(eq(employees.id, user.employee_id));
    }
  });
  return readProfile(db, { ...auth, user: { ...user, name } });
}

/** Changes the password of the caller after checking the current one; answers how many other sessions ended. */
export async function changePassword(
  guard: PasswordGuard,
  auth: AuthenticatedUser,
  body: Row,
  ip: string,
): Promise<number> {
  const { db } = guard;
  const { currentPsswrd, psswrd } = await changePasswordSchema.validate(body, { abortEarly: false });
  const { user } = auth;
  const ok = await checkPassword(
    guard,
    user.email,
    clientAddress(ip),
    currentPsswrd,
    user,
    PROFILE_MSG.tooManyAttempts,
  );
  if (!ok) throw badRequest(PROFILE_MSG.wrongCurrent);
  const { hash, salt } = await hashPassword(psswrd, guard.scryptN);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, password_salt: salt }).where(eq(users.id, user.id));
    return revokeUserSessions(tx, user.id, auth.sessionId);
  });
}

const live = (userId: number) =>
  and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date()));

export async function listSessions(db: Database, auth: AuthenticatedUser): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      user_agent: sessions.user_agent,
      address: sessions.address,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .where(live(auth.user.id))
    .orderBy(sql`${sessions.last_seen_at} DESC NULLS LAST`, sessions.id);
  const list = rows.map((row) => ({
    id: row.id,
    browser: describeUserAgent(row.user_agent),
    address: row.address,
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
    current: row.id === auth.sessionId,
  }));
  // the current session first, then the most recently used
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one live session of the caller; the current one ends with 'Выйти'. */
export async function endSession(db: Database, auth: AuthenticatedUser, id: number): Promise<void> {
  if (id === auth.sessionId) throw badRequest(PROFILE_MSG.currentSession);
  const ended = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, id), live(auth.user.id)))
    .returning({ id: sessions.id });
  if (!ended.length) throw notFound(PROFILE_MSG.sessionMissing);
}

export const endOtherSessions = (db: Database, auth: AuthenticatedUser) =>
  revokeUserSessions(db, auth.user.id, auth.sessionId);

// Invitations: an administrator invites a person by e-mail as an employee's or a supplier's user with
// a role; the account waits as 'invited' until the person sets a password through the mailed /invite link.
// The account, its link and the mail go together: if the mail fails, nothing is left behind.
import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { INVITE_MSG, invitationSchema } from '../../domain/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { employees, roles, suppliers, users } from '../db/schema';
import { badRequest, conflict, forbidden } from '../errors';
import { requireAuth } from '../accounts/auth';
import { ID, noQuery, responses } from '../http/schemas';
import { recordChange } from '../settings';
import { mailInvitation } from './invitationMail';
import { normaliseLogin } from '../accounts/users';

const nullableId = { anyOf: [ID, { type: 'null' }] } as const;
const invitationBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 320 },
    user_type: { type: 'string', maxLength: 20 },
    role_id: ID,
    employee_id: nullableId,
    supplier_id: nullableId,
  },
} as const;
const invitationAnswer = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    id: { type: 'integer' },
    email: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

async function whoIsInvited(db: Database, employeeId?: number | null, supplierId?: number | null): Promise<string> {
  if (employeeId) {
    const [employee] = await db
      .select()
      .from(employees)
      .where(and(eq(employees.id, employeeId), ne(employees.status, 'deleted')));
    if (!employee) throw badRequest(INVITE_MSG.employeeMissing);
    return employee.full_name;
  }
  const [supplier] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId ?? 0), ne(suppliers.status, 'deleted')));
  if (!supplier) throw badRequest(INVITE_MSG.supplierMissing);
  return supplier.contact_name || supplier.name;
}

export default async function invitationRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;

  app.post(
    '/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a person by e-mail (administrators only); inviting an invited address again sends a new link',
        querystring: noQuery,
        body: invitationBody,
        response: responses({ 201: invitationAnswer }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!auth.user.is_admin) throw forbidden();
      const body = await invitationSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
      const email = normaliseLogin(body.email);
      const [role] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, body.role_id));
      if (!role) throw badRequest(INVITE_MSG.roleMissing);
      const name = await whoIsInvited(db, body.employee_id, body.supplier_id);
      const [existing] = await db.select().from(users).where(eq(users.email, email));
      if (existing && existing.status !== 'invited')
        throw conflict(INVITE_MSG.accountExists, INVITE_MSG.accountLink, existing.id);

      const account = {
        email,
        name,
        user_type: body.user_type,
        role_id: body.role_id,
        is_admin: false,
        status: 'invited',
        employee_id: body.employee_id ?? null,
        supplier_id: body.supplier_id ?? null,
      };
      const id = await db.transaction(async (tx) => {
        const [row] = existing
          ? await tx.update(users).set(account).where(eq(users.id, existing.id)).returning({ id: users.id })
          : await tx.insert(users).values(account).returning({ id: users.id });
        await recordChange(tx, auth, 'invitation', `Приглашение: ${email} (${name}), роль «${role.name}»`, {
          user_id: row.id,
          ...account,
        });
        // a failed mail throws and the transaction takes the account, its log entry and its link back
        await mailInvitation(tx, app.mailer, config, { id: row.id, email, name });
        return row.id;
      });
      reply.code(201);
      return { status: 'success', id, email, message: INVITE_MSG.sent(email) };
    },
  );
}

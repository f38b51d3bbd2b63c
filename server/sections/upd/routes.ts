// /api/upd: the УПД (status 1, СЧФДОП) made from completed reserves of one buyer and one shipment date,
// read as a card, its XML of format 5.03 ('Скачать для ЭДО': one document, or a ZIP of the filtered list) and its
// print form, and cancelled (never edited in place). Papers follow the reserves' read right (domain/upd/access.ts):
// a role that does not see selling prices (role 8) and a supplier's user get 403; 'own' reads the documents made of
// the caller's reserves. /api/upd/countries: lot countries the classifier does not name, mapped by an administrator.
import JSZip from 'jszip';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { requireAuth } from '../../accounts/auth';
import { idParams, noQuery } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { forbidden, notFound } from '../../errors';
import { attachment } from '../../lists/export';
import { readTimeZone } from '../../db/businessDay';
import { canReadUpd } from '../../../domain/upd/access';
import { isRefVisible } from '../../../domain/permissions';
import { UPD_MSG, UPD_TEXTS } from '../../../domain/upd/texts';
import { encodeCp1251 } from '../../../domain/upd/cp1251';
import { updXml } from '../../../domain/upd/xml';
import {
  cancelBody,
  cancelResponse,
  cardResponse,
  countriesResponse,
  createdResponse,
  fileResponse,
  LIST_MSG,
  listQuery,
  listResponse,
  makeBody,
  mappingBody,
} from './schema';
import { cancelUpd, makeUpd } from './make';
import { updDocument, updLines, updList, updRow, type ReserveScope, type UpdRow } from './read';
import { updPdf } from './pdf';
import { paperHistory, paperHistoryResponse, requireVisibleReserves, reserveScope } from '../papers';
import { countryList, mapCountry } from './countries';

const PROGRAM = 'NutDesk 0.1';
const XML_TYPE = 'application/xml; charset=windows-1251';
const errors = russianErrors({ fields: LIST_MSG });

export default async function updRoutes(app: App, opts: { db: Database }) {
  const { db } = opts;
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    if (!canReadUpd(auth.permissions)) throw forbidden(UPD_MSG.forbidden);
    return auth;
  };
  const scopeOf = (auth: AuthenticatedUser): ReserveScope => reserveScope(app.sectionSpecs.reserves, auth);
  const card = async (auth: AuthenticatedUser, id: number) => {
    const row = await updRow(db, id, scopeOf(auth));
    if (!row) throw notFound(UPD_MSG.notFound);
    return { ...row, lines: await updLines(db, id) };
  };
  const xmlOf = async (row: UpdRow) => {
    const doc = updDocument(row, await updLines(db, row.id), await readTimeZone(db), PROGRAM);
    return { name: `${doc.fileId}.xml`, body: Buffer.from(encodeCp1251(updXml(doc))) };
  };

  app.get(
    '/upd',
    {
      schema: {
        tags: ['upd'],
        summary: 'УПД, newest first, by buyer, reserve, status and date',
        querystring: listQuery,
        response: listResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const auth = caller(request);
      return { data: await updList(db, request.query, scopeOf(auth)) };
    },
  );

  app.get(
    '/upd/edo.zip',
    {
      schema: {
        tags: ['upd'],
        summary: "'Скачать для ЭДО': the filtered list's live documents as XML files of format 5.03 in one ZIP",
        querystring: listQuery,
        produces: ['application/zip'],
        response: fileResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request, reply) => {
      const auth = caller(request);
      const rows = await updList(db, { ...request.query, status: 'active' }, scopeOf(auth));
      const body = await app.heavyGate.run(auth.user.id, async () => {
        const zip = new JSZip();
        for (const row of rows) {
          const file = await xmlOf(row);
          zip.file(file.name, file.body);
        }
        return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      });
      return reply.type('application/zip').header('Content-Disposition', attachment('УПД для ЭДО.zip')).send(body);
    },
  );

  app.get(
    '/upd/countries',
    {
      schema: {
        tags: ['upd'],
        summary: 'Lot countries the classifier does not name, and the mappings made',
        querystring: noQuery,
        response: countriesResponse,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.permissions.is_admin) throw forbidden();
      return countryList(db);
    },
  );

  app.put(
    '/upd/countries',
    {
      schema: {
        tags: ['upd'],
        summary: "Map a lot's country text to an ОКСМ code, once",
        querystring: noQuery,
        body: mappingBody,
        response: countriesResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.permissions.is_admin) throw forbidden();
      await mapCountry(db, auth.user.id, request.body.text, request.body.code);
      return countryList(db);
    },
  );

  app.get(
    '/upd/:id',
    {
      schema: {
        tags: ['upd'],
        summary: 'One УПД with its lines',
        params: idParams,
        querystring: noQuery,
        response: cardResponse,
      },
    },
    async (request) => card(caller(request), request.params.id),
  );

  app.get(
    '/upd/:id/history',
    {
      schema: {
        tags: ['upd'],
        summary: 'Who made and who cancelled the УПД, and when',
        params: idParams,
        querystring: noQuery,
        response: paperHistoryResponse,
      },
    },
    async (request) => {
      const auth = caller(request);
      await card(auth, request.params.id);
      const people = isRefVisible(auth.permissions, 'reserves.created_by');
      return { data: await paperHistory(db, 'upd', request.params.id, people) };
    },
  );

  app.post(
    '/upd',
    {
      schema: {
        tags: ['upd'],
        summary: 'Make a УПД of completed reserves of one buyer and one shipment date',
        querystring: noQuery,
        body: makeBody,
        response: createdResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request, reply) => {
      const auth = caller(request);
      const ids = request.body.reserve_ids;
      await requireVisibleReserves(db, app.sectionSpecs.reserves, auth, ids);
      const id = await makeUpd(db, auth.user.id, ids);
      return reply.code(201).send(await card(auth, id));
    },
  );

  app.post(
    '/upd/:id/cancel',
    {
      schema: {
        tags: ['upd'],
        summary: 'Cancel a УПД: its number and lines stay, its reserves are free for a new one',
        params: idParams,
        querystring: noQuery,
        body: cancelBody,
        response: cancelResponse,
      },
      schemaErrorFormatter: errors,
    },
    async (request) => {
      const auth = caller(request);
      await card(auth, request.params.id);
      await cancelUpd(db, auth.user.id, request.params.id, request.body.version);
      return card(auth, request.params.id);
    },
  );

  app.get(
    '/upd/:id/xml',
    {
      schema: {
        tags: ['upd'],
        summary: "'Скачать для ЭДО': the XML of format 5.03 (windows-1251), named by its ИдФайл",
        params: idParams,
        querystring: noQuery,
        produces: ['application/xml'],
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const row = await updRow(db, request.params.id, scopeOf(auth));
      if (!row) throw notFound(UPD_MSG.notFound);
      const file = await xmlOf(row);
      return reply.type(XML_TYPE).header('Content-Disposition', attachment(file.name)).send(file.body);
    },
  );

  app.get(
    '/upd/:id/pdf',
    {
      schema: {
        tags: ['upd'],
        summary: 'The print form: landscape, status 1, the table and the signatures',
        params: idParams,
        querystring: noQuery,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const row = await updRow(db, request.params.id, scopeOf(auth));
      if (!row) throw notFound(UPD_MSG.notFound);
      const doc = updDocument(row, await updLines(db, row.id), await readTimeZone(db), PROGRAM);
      const body = await app.heavyGate.run(auth.user.id, () => updPdf(doc, row.status === 'cancelled'));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(`${UPD_TEXTS.file(doc.number, doc.date)}.pdf`))
        .send(body);
    },
  );
}

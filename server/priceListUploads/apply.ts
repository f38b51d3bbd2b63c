// Apply: the chosen groups written in one transaction through the offers' record pipeline, all or nothing.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import type { AuthenticatedUser } from '../accounts/users';
import { PRICE_LIST_MSG, type PriceListProfile } from '../../domain/suppliers/priceList';
import {
  PREVIEW_GROUPS,
  GROUP_TITLES,
  type PreviewGroup,
  type PreviewedRows,
  type PreviewProblem,
  type PriceListApplied as ApplyAnswer,
} from '../../domain/suppliers/priceListPreview';
import { NOTIFICATION_TEXT } from '../../domain/notifications';
import { formatMoney } from '../../domain/format';
import type { RefusedRow } from '../../domain/bulk';
import { badRequest } from '../errors';
import { select, selectFirst } from '../db/rows';
import { deleteLocked } from '../lists/delete';
import { changeChunk } from '../records/bulk';
import { hiddenFields, insertRecords, type RecordSection } from '../records/pipeline';
import { notifyMany } from '../records/notify';
import { todayOf } from '../db/businessDay';
import { readBusinessSettings } from '../settings';
import { offerRecord, offersSpec } from '../sections/offers';
import { readProfile, type Specs } from './access';
import { computePlan, planSheet, same, type Plan } from './plan';
import { PLU, loadUpload } from './stored';

export interface ApplyBody {
  groups?: PreviewGroup[];
  /** 'Это полный прайс', kept in the profile; the profile's (false unless said) when absent. */
  full?: boolean;
  /** What the preview showed: apply refuses, naming the rows, when the file no longer reads so. */
  expected?: PreviewedRows;
}

/** Why the plan is not what the preview showed, row by row: the lines and offers of the applied groups that left or
 * joined them since, each with its problem now where it has one. */
function movedSincePreview(plan: Plan, expected: PreviewedRows, want: Set<PreviewGroup>): string[] {
  const now: PreviewedRows = {
    new: plan.create.map((c) => c.line),
    changed: plan.preview.changed.map((c) => c.line!),
    gone: plan.gone,
  };
  const nameOf = new Map<number, string>();
  for (const group of ['new', 'changed', 'unchanged'] as const)
    for (const r of plan.preview[group]) nameOf.set(r.line!, r.name);
  const problemOf = new Map<number, PreviewProblem>();
  for (const p of plan.preview.problems) if (!problemOf.has(p.line)) problemOf.set(p.line, p);
  const moved: string[] = [];
  for (const group of ['new', 'changed', 'gone'] as const) {
    if (!want.has(group)) continue;
    const before = new Set(expected[group]);
    const after = new Set(now[group]);
    for (const x of expected[group]) {
      if (after.has(x)) continue;
      if (group === 'gone') {
        moved.push(PRICE_LIST_MSG.goneMoved(x, PRICE_LIST_MSG.notInGroupNow(GROUP_TITLES.gone)));
        continue;
      }
      const problem = problemOf.get(x);
      moved.push(
        PRICE_LIST_MSG.lineMoved(
          x,
          problem?.name ?? nameOf.get(x) ?? '',
          problem?.message ?? PRICE_LIST_MSG.notInGroupNow(GROUP_TITLES[group]),
        ),
      );
    }
    for (const x of now[group]) {
      if (before.has(x)) continue;
      moved.push(
        group === 'gone'
          ? PRICE_LIST_MSG.goneMoved(x, PRICE_LIST_MSG.newInGroup(GROUP_TITLES.gone))
          : PRICE_LIST_MSG.lineMoved(x, nameOf.get(x) ?? '', PRICE_LIST_MSG.newInGroup(GROUP_TITLES[group])),
      );
    }
  }
  return moved;
}

export async function applyUpload(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  uploadId: number,
  body: ApplyBody = {},
): Promise<ApplyAnswer> {
  for (const g of body.groups ?? []) if (!PREVIEW_GROUPS.includes(g)) throw badRequest(PRICE_LIST_MSG.badGroup(g));
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const saved = await readProfile(db, supplier.id);
  if (!saved) throw badRequest(PRICE_LIST_MSG.noProfile);
  const full = body.full ?? saved.full ?? false;
  const profile: PriceListProfile = { ...saved, full };
  // a partial file (the default) removes nothing: the supplier's other lots are not in it
  const groups = body.groups ?? PREVIEW_GROUPS.filter((g) => g !== 'gone' || full);
  if (groups.includes('gone') && !full) throw badRequest(PRICE_LIST_MSG.notFull);
  const settings = await readBusinessSettings(db);
  const day = await todayOf(db);
  const hidden = hiddenFields(offerRecord, auth);
  const sheet = await planSheet(db, stores, upload, profile);
  return db.transaction(async (tx) => {
    // one apply of an upload: the row is locked, and a second apply waits and is refused
    const locked = await selectFirst(
      tx,
      select({ applied_at: PLU.applied_at }),
      sql`FROM ${PLU} WHERE ${PLU.id} = ${uploadId} FOR UPDATE`,
    );
    if (locked?.applied_at) throw badRequest(PRICE_LIST_MSG.applied);
    // the supplier's offers are locked for the plan: no reserve or edit moves them between the plan and the writes
    await tx.execute(
      sql`SELECT id FROM offers WHERE supplier_id = ${supplier.id} AND status = 'active' ORDER BY id FOR UPDATE`,
    );
    const plan = await computePlan(tx, auth, upload, supplier, profile, sheet);
    const want = new Set(groups);
    // all or nothing: every row the preview showed in an applied group is applied, or none is, the moved ones named
    const moved = body.expected ? movedSincePreview(plan, body.expected, want) : [];
    if (moved.length) throw badRequest(PRICE_LIST_MSG.movedSincePreview, ...moved);
    if (body.full !== undefined && body.full !== (saved.full ?? false)) {
      await tx.execute(sql`UPDATE price_list_profiles SET profile = profile || ${JSON.stringify({ full })}::jsonb, updated_by = ${auth.user.id}, updated_at = now()
        WHERE supplier_id = ${supplier.id}`);
    }
    const refused: RefusedRow[] = [];
    const created = want.has('new')
      ? (
          await insertRecords(
            tx,
            auth,
            offerRecord,
            plan.create.map((c) => ({ values: { values: c.values, settings }, body: { comments: [] } })),
          )
        ).map((c) => c.id)
      : [];
    const changed: number[] = [];
    if (want.has('changed') && plan.change.length) {
      const bodies = new Map(plan.change.map((c) => [c.id, c]));
      const via = { section: 'price_lists' as const, step: 'apply' as const, file: upload.file_name, day };
      const ids = plan.change.map((c) => c.id).sort((a, b) => a - b);
      // one chunk: the whole file is one transaction already (a file's rows are within the import's limit), and
      // each chunk would lock, check, write and record its lots in statements of its own
      changed.push(
        ...(await changeChunk(
          tx,
          auth,
          offerRecord as RecordSection<unknown>,
          ids,
          (_stored, id) => {
            const c = bodies.get(id)!;
            return {
              unit_price: c.unit_price,
              unit_amount: c.unit_amount,
              ...(c.unit_weight !== null && { unit_weight: c.unit_weight }),
            };
          },
          hidden,
          refused,
          via,
        )),
      );
    }
    // all or nothing: a lot the card refuses now (it moved since the preview) leaves the whole file unapplied
    if (refused.length) throw badRequest(...refused.map((r) => `Предложение № ${r.id}: ${r.reason}`));
    let deleted: number[] = [];
    const kept = plan.preview.gone.filter((g) => g.kept).map((g) => g.offer_id!);
    if (want.has('gone')) {
      const goes = plan.gone.filter((id) => !kept.includes(id));
      if (goes.length) deleted = (await deleteLocked(tx, offersSpec, auth, goes)).ids;
    }
    // the responsibles of active reserves on a re-priced lot are told (their reserves keep their terms)
    const written = new Set(changed);
    const repriced = plan.change.filter((x) => x.reserves > 0 && written.has(x.id) && !same(x.old_price, x.new_price));
    await notifyMany(
      tx,
      repriced.map((c) => ({
        recordId: c.id,
        text: NOTIFICATION_TEXT.offer_repriced(c.id, formatMoney(c.old_price), formatMoney(c.new_price)),
      })),
      {
        to: sql`u.employee_id IN (SELECT responsible_id FROM reserves WHERE offer_id = n.record_id AND status = 'active')`,
        kind: 'offer_repriced',
        section: 'offers',
        by: auth.user.id,
      },
    );
    const counts = {
      new: created.length,
      changed: changed.length,
      gone: deleted.length,
      kept: want.has('gone') ? kept.length : 0,
    };
    await tx.execute(
      sql`UPDATE price_list_uploads SET applied_at = now(), applied_by = ${auth.user.id}, counts = ${JSON.stringify(counts)}::jsonb WHERE id = ${uploadId}`,
    );
    return { created, changed, deleted, kept: want.has('gone') ? kept : [], counts };
  });
}

// Business settings (delivery_cost_default, costs_per_kg, min_markup, max_markup): read by name for the
// reserve card, and as numbers for the server's own selling-band and reserve calculations.
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { businessSettings, offers as offersTable } from '../db/schema';
import { moveChangeGeneration } from '../db/changes';
import {
  BAND_SETTINGS,
  BUSINESS_SETTING_NAMES,
  LATER_SETTINGS,
  SETTING_DEFAULTS,
  type BusinessSettingName,
  type BusinessSettings,
} from '../../domain/settings';
import {
  businessSettingsSchema,
  COMPANY_TITLE,
  companySettingsSchema,
  SETTING_TITLE,
  settingShown,
  type CompanySettingName,
} from '../../domain/settingsSchema';
import { money, toNumber } from '../../domain/numbers';
import { offerSellingBand } from '../../domain/offers/figures';
import { columnsOf, select, selectRows, type SelectedRow } from '../db/rows';
import type { AuthenticatedUser } from '../accounts/users';
import { recordChange } from './changeLog';
import { readTimeZone, todayOf } from '../db/businessDay';
import { refreshBuyersDebt } from '../records/buyersDebt';
import { businessZone, TIME_ZONE_SETTING, TIME_ZONE_TITLE } from '../../domain/businessDay';
import { badRequest } from '../errors';
import {
  isShortfallRule,
  shortfallRuleTitle,
  SHORTFALL_MSG,
  SHORTFALL_RULE_DEFAULT,
  SHORTFALL_RULE_SETTING,
  SHORTFALL_TITLE,
  type ShortfallRule,
} from '../../domain/offers/logistics';
import { validated } from '../http/validation';
import { DATED_OFFER, refreshDocumentsState } from '../records/documentsState';

export async function settingsByName(db: Database, names: string[]): Promise<Record<string, string>> {
  if (!names.length) return {};
  const rows = await db.select().from(businessSettings).where(inArray(businessSettings.name, names));
  const found = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  // the business zone is always there: the default one until an administrator chooses another
  if (names.includes(TIME_ZONE_SETTING)) found[TIME_ZONE_SETTING] = businessZone(found[TIME_ZONE_SETTING]);
  // so is a setting added later with a default of its own (the local delivery, the margins' check), until someone
  // saves another
  for (const later of LATER_SETTINGS)
    if (names.includes(later) && found[later] === undefined) found[later] = String(SETTING_DEFAULTS[later]);
  return found;
}

/** All as numbers; a missing or unreadable one counts as 0 (no cost, no markup), never as NaN; the hold days as 5,
 * the local delivery as 1 ₽/kg (SETTING_DEFAULTS). */
export async function readBusinessSettings(db: Database): Promise<BusinessSettings> {
  const stored = await settingsByName(db, [...BUSINESS_SETTING_NAMES]);
  return Object.fromEntries(
    BUSINESS_SETTING_NAMES.map((name) => [name, toNumber(stored[name]) ?? SETTING_DEFAULTS[name] ?? 0]),
  ) as BusinessSettings;
}

/** Offers whose band is rewritten per statement: well under PostgreSQL's bind-parameter limit. */
const BAND_BATCH = 1000;

/** What an offer's band is computed from, and the band it has. */
const BAND_INPUT = select(
  columnsOf(
    offersTable,
    'id',
    'unit_measure',
    'unit_weight',
    'unit_amount',
    'kg_price',
    'warehouse_cost',
    'landed_kg_cost',
    'min_unit_price',
    'max_unit_price',
  ),
);
type OfferBandInput = SelectedRow<typeof BAND_INPUT>;

/** Every offer's min/max unit price from the given settings, by the offer card's own formula
 * (domain/offers/figures.ts offerSellingBand); only the offers whose band moved are written. The band follows the
 * settings without moving the offers' versions (migration 0027): a card open on an offer stays current,
 * and its save recomputes the band from the settings anyway. */
export async function recomputeOfferBands(
  tx: Database,
  settings: BusinessSettings,
  cause?: BandCause,
): Promise<number> {
  const offers: OfferBandInput[] = await selectRows(
    tx,
    BAND_INPUT,
    sql`FROM ${offersTable} ORDER BY ${offersTable.id} FOR UPDATE`,
  );
  const changed: { id: number; min: string | null; max: string | null; before: OfferBandInput }[] = [];
  for (const offer of offers) {
    const band = offerSellingBand(offer, settings);
    const min = money(band.min_unit_price);
    const max = money(band.max_unit_price);
    if (min !== money(toNumber(offer.min_unit_price)) || max !== money(toNumber(offer.max_unit_price)))
      changed.push({ id: offer.id, min, max, before: offer });
  }
  if (!changed.length) return 0;
  await tx.execute(sql`SELECT set_config('nutdesk.keep_version', 'on', true)`);
  for (let i = 0; i < changed.length; i += BAND_BATCH) {
    const values = sql.join(
      changed.slice(i, i + BAND_BATCH).map((c) => sql`(${c.id}::int, ${c.min}::numeric, ${c.max}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE offers o SET min_unit_price = v.min, max_unit_price = v.max
      FROM (VALUES ${values}) AS v(id, min, max) WHERE o.id = v.id`);
  }
  await tx.execute(sql`SELECT set_config('nutdesk.keep_version', 'off', true)`);
  if (cause) await recordBandHistory(tx, cause, changed);
  return changed.length;
}

/** Who saved the settings and what moved ('Минимальная наценка 10 % → 20 %'): the offers' histories name both. */
export interface BandCause {
  by: AuthenticatedUser['user']['id'];
  settings: string;
}

/** Each offer whose band a settings save moved gets an entry in its own history: 'Диапазон цен изменён
 * настройками: …', by the administrator who saved them, with the old and new minimum and maximum; the entries are
 * written in batches, their rows travelling as one JSON parameter. The offer's version does not move (see above). */
async function recordBandHistory(
  tx: Database,
  cause: BandCause,
  changed: { id: number; min: string | null; max: string | null; before: OfferBandInput }[],
) {
  const via = JSON.stringify({ section: 'settings', step: 'apply', settings: cause.settings });
  const figure = (v: string | null) => toNumber(v);
  for (let i = 0; i < changed.length; i += BAND_BATCH) {
    const entries = changed.slice(i, i + BAND_BATCH).map((c) => ({
      record_id: c.id,
      changes: [
        { field: 'min_unit_price', old: figure(c.before.min_unit_price), new: figure(c.min) },
        { field: 'max_unit_price', old: figure(c.before.max_unit_price), new: figure(c.max) },
      ].filter((ch) => ch.old !== ch.new),
    }));
    await tx.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, changes, via, version)
      SELECT 'offers', e.record_id, 'update', ${cause.by}::int, e.changes, ${via}::jsonb, o.version
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(record_id int, changes jsonb) JOIN offers o ON o.id = e.record_id`);
  }
}

const stored = (n: number | undefined) => String(n ?? '');

/**
 * An administrator's change of some of the four settings (PUT /api/settings): checked together with the ones
 * kept (the maximum markup against the minimum), stored, every offer's selling band recomputed and the change
 * logged, all in one transaction: no offer is ever priced by a half-saved setting.
 */
export async function saveBusinessSettings(
  db: Database,
  auth: AuthenticatedUser,
  changes: Partial<Record<BusinessSettingName | typeof TIME_ZONE_SETTING, unknown>>,
): Promise<{ settings: Record<BusinessSettingName | typeof TIME_ZONE_SETTING, string>; offers: number }> {
  return db.transaction(async (tx) => {
    // one writer at a time: two admins saving at once cannot interleave their recomputations
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readBusinessSettings(tx);
    const zoneBefore = await readTimeZone(tx);
    const valid = await businessSettingsSchema.validate(
      { ...before, time_zone: zoneBefore, ...changes },
      { abortEarly: false },
    );
    // a setting added later and not sent (or sent empty by an older page) keeps its value
    const after = Object.fromEntries(
      BUSINESS_SETTING_NAMES.map((name) => [name, valid[name] ?? before[name]]),
    ) as BusinessSettings;
    const moved = BUSINESS_SETTING_NAMES.filter((name) => after[name] !== before[name]);
    const zoneAfter = valid.time_zone;
    const settings = {
      ...Object.fromEntries(BUSINESS_SETTING_NAMES.map((name) => [name, stored(after[name])])),
      time_zone: zoneAfter,
    } as Record<BusinessSettingName | typeof TIME_ZONE_SETTING, string>;
    const zoneMoved = zoneAfter !== zoneBefore;
    if (!moved.length && !zoneMoved) return { settings, offers: 0 };
    await tx
      .insert(businessSettings)
      .values([
        ...moved.map((name) => ({ name, value: stored(after[name]) })),
        ...(zoneMoved ? [{ name: TIME_ZONE_SETTING, value: zoneAfter }] : []),
      ])
      .onConflictDoUpdate({ target: businessSettings.name, set: { value: sql`excluded.value` } });
    // the hold days move no selling band: only a band setting's change recomputes the offers
    // another zone may be another business day: the lots' papers as of that day
    if (zoneMoved) await refreshDocumentsState(tx, DATED_OFFER);
    // and the buyers' overdue debt as of that day
    if (zoneMoved) await refreshBuyersDebt(tx, sql`true`, await todayOf(tx));
    const lines = moved.map(
      (name) =>
        `${SETTING_TITLE[name].label} ${settingShown(name, before[name] ?? '')} → ${settingShown(name, after[name] ?? '')}`,
    );
    const bandLines = lines.filter((_line, i) => BAND_SETTINGS.includes(moved[i]));
    const offers = bandLines.length
      ? await recomputeOfferBands(tx, after, { by: auth.user.id, settings: bandLines.join('; ') })
      : 0;
    await moveChangeGeneration(tx);
    if (zoneMoved) lines.push(`${TIME_ZONE_TITLE.label} ${zoneBefore} → ${zoneAfter}`);
    await recordChange(tx, auth, 'settings', `Бизнес-настройки: ${lines.join('; ')}`, {
      before: {
        ...Object.fromEntries(moved.map((n) => [n, before[n]])),
        ...(zoneMoved ? { time_zone: zoneBefore } : {}),
      },
      after: { ...Object.fromEntries(moved.map((n) => [n, after[n]])), ...(zoneMoved ? { time_zone: zoneAfter } : {}) },
      offers,
    });
    return { settings, offers };
  });
}

/** How a short arrival is shared among a lot's reserves: the setting shortfall_rule, 'fifo' unless it
 * says 'proportional'. */
export async function readShortfallRule(db: Database): Promise<ShortfallRule> {
  const stored = (await settingsByName(db, [SHORTFALL_RULE_SETTING]))[SHORTFALL_RULE_SETTING];
  return isShortfallRule(stored) ? stored : SHORTFALL_RULE_DEFAULT;
}

/** An administrator's choice of the shortfall rule (PUT /api/settings, shortfall_rule): one of the two rules, or a
 * 400 that names them; stored and logged when it changes. */
export async function saveShortfallRule(db: Database, auth: AuthenticatedUser, value: unknown): Promise<ShortfallRule> {
  if (!isShortfallRule(value)) throw badRequest(SHORTFALL_MSG.unknown);
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readShortfallRule(tx);
    if (before === value) return value;
    await tx
      .insert(businessSettings)
      .values({ name: SHORTFALL_RULE_SETTING, value })
      .onConflictDoUpdate({ target: businessSettings.name, set: { value: sql`excluded.value` } });
    await recordChange(
      tx,
      auth,
      'settings',
      `Бизнес-настройки: ${SHORTFALL_TITLE} ${shortfallRuleTitle(before)} → ${shortfallRuleTitle(value)}`,
      {
        before: { [SHORTFALL_RULE_SETTING]: before },
        after: { [SHORTFALL_RULE_SETTING]: value },
      },
    );
    return value;
  });
}

/** An administrator's company name and phone (PUT /api/settings, company_name / company_phone): checked
 * by the page's own schema (400 with its Russian messages), stored trimmed and logged when they change. */
export async function saveCompanySettings(
  db: Database,
  auth: AuthenticatedUser,
  values: Partial<Record<CompanySettingName, unknown>>,
): Promise<void> {
  // an account is judged with the БИК it is at: the one sent beside it, else the stored one (and a new БИК with the
  // stored account); only what was sent is saved
  const stored = await settingsByName(db, ['company_bik', 'company_account', 'company_corr_account']);
  const judged: Partial<Record<CompanySettingName, string>> = await validated(
    companySettingsSchema,
    { ...stored, ...values },
    { strict: false },
  );
  const valid = Object.fromEntries(Object.keys(values).map((n) => [n, judged[n as CompanySettingName]])) as Partial<
    Record<CompanySettingName, string>
  >;
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const names = Object.keys(valid).filter(
      (n): n is CompanySettingName => n in COMPANY_TITLE && valid[n as CompanySettingName] !== undefined,
    );
    const before = await settingsByName(tx, names);
    const moved = names.filter((n) => (before[n] ?? '') !== valid[n]);
    if (!moved.length) return;
    for (const name of moved) {
      await tx
        .insert(businessSettings)
        .values({ name, value: valid[name]! })
        .onConflictDoUpdate({ target: businessSettings.name, set: { value: sql`excluded.value` } });
    }
    await moveChangeGeneration(tx);
    await recordChange(
      tx,
      auth,
      'settings',
      `Бизнес-настройки: ${moved.map((n) => `${COMPANY_TITLE[n].label} «${before[n] ?? ''}» → «${valid[n]}»`).join('; ')}`,
      {
        before: Object.fromEntries(moved.map((n) => [n, before[n] ?? null])),
        after: Object.fromEntries(moved.map((n) => [n, valid[n]])),
      },
    );
  });
}

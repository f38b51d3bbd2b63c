// The settings page's calls: the business settings through the spec's /api/settings (read by name with POST,
// written with PUT), the rest under /api/admin/…
import { sectionApi, TAGS } from '../../api/sectionApi';
import { referencesApi } from '../../api/references';
import type {
  AdminLogAnswer,
  AdminReference,
  AdminRole,
  AdminUser,
  RolesAnswer,
  UserChange,
} from '../../../domain/admin';
import type { InvitationPayload } from '../../../domain/accounts';
import { BUSINESS_SETTING_NAMES, type BusinessSettingName } from '../../../domain/settings';
import type { Action, Resource, Scope } from '../../../domain/permissions';
import {
  ADMIN_LOG,
  ADMIN_REFERENCE,
  ADMIN_ROLES,
  ADMIN_USERS,
  BUSINESS_SETTINGS,
  PUBLIC_URL_STATE,
} from '../../../domain/answers';
import { checked, checkedAs } from '../../api/shapes';
import { TIME_ZONE_SETTING } from '../../../domain/businessDay';
import { SHORTFALL_RULE_DEFAULT, SHORTFALL_RULE_SETTING } from '../../../domain/offers/logistics';
import type { DocumentSettings } from '../../../domain/offers/documents';
import { COMPANY_SETTINGS, type CompanySettingName } from '../../../domain/settingsSchema';
import { vatRegimeOf } from '../../../domain/companyRequisites';
import { IMPORT_VAT_SETTING, importVatRecovered } from '../../../domain/shipments/importVat';
import type { ReferenceItem, PublicUrlState } from '../../../domain/answers';

export type SettingsValues = Record<BusinessSettingName | typeof TIME_ZONE_SETTING, string>;
export type { ReferenceItem };

const api = sectionApi.enhanceEndpoints({ addTagTypes: ['AdminUser', 'AdminRole', 'AdminReference', 'AdminLog'] });

export type { PublicUrlState };

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicUrl: build.query<PublicUrlState, void>({
      query: () => 'api/admin/public-url',
      extraOptions: { entity: 'настроек' },
      ...checked(PUBLIC_URL_STATE, 'настроек'),
    }),
    adminSettings: build.query<SettingsValues, void>({
      query: () => ({ url: 'api/settings', method: 'POST', body: [...BUSINESS_SETTING_NAMES, TIME_ZONE_SETTING] }),
      providesTags: [{ type: 'Settings', id: 'business' }],
      extraOptions: { entity: 'настроек' },
      ...checkedAs<SettingsValues>(BUSINESS_SETTINGS, 'настроек'),
    }),
    /** The rule a short arrival is shared by, read and written by name like the other settings. */
    shortfallRule: build.query<string, void>({
      query: () => ({ url: 'api/settings', method: 'POST', body: [SHORTFALL_RULE_SETTING] }),
      providesTags: [{ type: 'Settings', id: 'shortfall' }],
      extraOptions: { entity: 'настроек' },
      transformResponse: (answer: Record<string, string>) => answer[SHORTFALL_RULE_SETTING] ?? SHORTFALL_RULE_DEFAULT,
    }),
    saveShortfallRule: build.mutation<{ status: string }, string>({
      query: (rule) => ({ url: 'api/settings', method: 'PUT', body: { [SHORTFALL_RULE_SETTING]: rule } }),
      invalidatesTags: [{ type: 'Settings', id: 'shortfall' }, 'AdminLog'],
    }),
    /** Whether import VAT is recovered (the shipments' landed cost), read and written by name; recovered when unset. */
    importVatRecovered: build.query<boolean, void>({
      query: () => ({ url: 'api/settings', method: 'POST', body: [IMPORT_VAT_SETTING] }),
      providesTags: [{ type: 'Settings', id: 'import_vat' }],
      extraOptions: { entity: 'настроек' },
      transformResponse: (answer: Record<string, string>) => importVatRecovered(answer[IMPORT_VAT_SETTING]),
    }),
    saveImportVatRecovered: build.mutation<{ status: string; lots?: number }, boolean>({
      query: (recovered) => ({ url: 'api/settings', method: 'PUT', body: { [IMPORT_VAT_SETTING]: recovered } }),
      invalidatesTags: [{ type: 'Settings', id: 'import_vat' }, 'AdminLog'],
    }),
    /** The trader's name and phone, read and written by name like the other settings. */
    companySettings: build.query<Record<CompanySettingName, string>, void>({
      query: () => ({ url: 'api/settings', method: 'POST', body: [...COMPANY_SETTINGS] }),
      providesTags: [{ type: 'Settings', id: 'company' }],
      extraOptions: { entity: 'настроек' },
      // the regime is the general one until an administrator chooses another
      transformResponse: (answer: Record<string, string>) =>
        ({
          ...Object.fromEntries(COMPANY_SETTINGS.map((name) => [name, answer[name] ?? ''])),
          vat_regime: vatRegimeOf(answer.vat_regime),
        }) as Record<CompanySettingName, string>,
    }),
    saveCompanySettings: build.mutation<{ status: string }, Record<CompanySettingName, string>>({
      query: (body) => ({ url: 'api/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Settings', id: 'company' }, 'AdminLog'],
    }),
    /** The lot documents' settings: what an imported lot needs, whether a lot without its papers may be
     * reserved, how many days ahead an expiry is told. */
    documentSettings: build.query<DocumentSettings, void>({
      query: () => 'api/admin/document-settings',
      providesTags: [{ type: 'Settings', id: 'documents' }],
      extraOptions: { entity: 'настроек' },
    }),
    saveDocumentSettings: build.mutation<DocumentSettings, DocumentSettings>({
      query: (body) => ({ url: 'api/admin/document-settings', method: 'PUT', body }),
      // every offer's documents state may move with them
      invalidatesTags: (result, error) =>
        error ? [] : [{ type: 'Settings', id: 'documents' }, TAGS.offers.one, TAGS.offers.list, 'AdminLog'],
    }),
    saveSettings: build.mutation<{ status: string; settings?: SettingsValues; offers?: number }, SettingsValues>({
      query: (body) => ({ url: 'api/settings', method: 'PUT', body }),
      // the offers' selling bands moved with them, and the reserve card reads them
      invalidatesTags: [{ type: 'Settings', id: 'business' }, TAGS.offers.one, TAGS.offers.list, 'AdminLog'],
    }),

    adminUsers: build.query<AdminUser[], void>({
      query: () => 'api/admin/users',
      providesTags: ['AdminUser'],
      extraOptions: { entity: 'пользователей' },
      ...checked(ADMIN_USERS, 'пользователей'),
    }),
    invite: build.mutation<{ status: string; id: number; message: string }, InvitationPayload>({
      query: (body) => ({ url: 'api/admin/invitations', method: 'POST', body }),
      invalidatesTags: ['AdminUser', 'AdminRole', 'AdminLog'],
    }),
    resendInvitation: build.mutation<AdminUser, number>({
      query: (id) => ({ url: `api/admin/users/${id}/invitation`, method: 'POST', body: {} }),
      invalidatesTags: ['AdminUser', 'AdminLog'],
    }),
    changeUser: build.mutation<AdminUser, { id: number } & UserChange>({
      query: ({ id, ...body }) => ({ url: `api/admin/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminUser', 'AdminRole', 'AdminLog'],
    }),

    adminRoles: build.query<RolesAnswer, void>({
      query: () => 'api/admin/roles',
      providesTags: ['AdminRole'],
      extraOptions: { entity: 'ролей' },
      ...checked(ADMIN_ROLES, 'ролей'),
    }),
    createRole: build.mutation<AdminRole, string>({
      query: (name) => ({ url: 'api/admin/roles', method: 'POST', body: { name } }),
      invalidatesTags: ['AdminRole', 'AdminLog'],
    }),
    renameRole: build.mutation<AdminRole, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `api/admin/roles/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: ['AdminRole', 'AdminUser', 'AdminLog'],
    }),
    changePermissions: build.mutation<
      AdminRole,
      { id: number; changes: Partial<Record<Resource, Partial<Record<Action, Scope>>>> }
    >({
      query: ({ id, changes }) => ({ url: `api/admin/roles/${id}/permissions`, method: 'PUT', body: changes }),
      invalidatesTags: ['AdminRole', 'AdminLog'],
    }),
    /** The role's settings beside the matrix (lowering a reserve's delivery cost below its route's). */
    /** The role's settings beside the matrix: only the ones named change. */
    changeRoleRights: build.mutation<AdminRole, { id: number; lower_delivery_cost?: boolean; finance?: boolean }>({
      query: ({ id, ...rights }) => ({ url: `api/admin/roles/${id}/rights`, method: 'PUT', body: rights }),
      invalidatesTags: ['AdminRole', 'AdminLog'],
    }),
    changeHiddenFields: build.mutation<AdminRole, { id: number; changes: Partial<Record<Resource, string[]>> }>({
      query: ({ id, changes }) => ({ url: `api/admin/roles/${id}/hidden-fields`, method: 'PUT', body: changes }),
      invalidatesTags: ['AdminRole', 'AdminLog'],
    }),

    adminReference: build.query<ReferenceItem[], AdminReference>({
      query: (list) => `api/admin/${list}`,
      providesTags: (result, error, list) => [{ type: 'AdminReference', id: list }],
      extraOptions: { entity: 'справочника' },
      ...checked(ADMIN_REFERENCE, 'справочника'),
    }),
    addReference: build.mutation<ReferenceItem, { list: AdminReference; name: string; expires?: boolean }>({
      // a document type says whether its documents must have a valid-until
      query: ({ list, name, expires }) => ({
        url: `api/admin/${list}`,
        method: 'POST',
        body: expires === undefined ? { name } : { name, expires },
      }),
      invalidatesTags: (result, error, { list }) => [{ type: 'AdminReference', id: list }, 'AdminLog'],
      onQueryStarted: refreshSelects,
    }),
    renameReference: build.mutation<ReferenceItem, { list: AdminReference; id: number; name: string }>({
      query: ({ list, id, name }) => ({ url: `api/admin/${list}/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (result, error, { list }) => [{ type: 'AdminReference', id: list }, 'AdminLog'],
      onQueryStarted: refreshSelects,
    }),

    adminLog: build.query<AdminLogAnswer, number>({
      query: (page) => `api/admin/log?page=${page}&perPage=20`,
      providesTags: ['AdminLog'],
      extraOptions: { entity: 'журнала изменений' },
      ...checked(ADMIN_LOG, 'журнала изменений'),
    }),
  }),
});

/** The cards' selects read positions and packing from a cache kept five minutes: fetch it again once the list
 * changed, so the next card shows the new names. */
async function refreshSelects(
  { list }: { list: AdminReference },
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(referencesApi.endpoints.referenceList.initiate(list, { forceRefetch: true, subscribe: false }));
}

export const {
  useAdminSettingsQuery,
  useSaveSettingsMutation,
  useShortfallRuleQuery,
  useSaveShortfallRuleMutation,
  useImportVatRecoveredQuery,
  useSaveImportVatRecoveredMutation,
  useCompanySettingsQuery,
  useSaveCompanySettingsMutation,
  useDocumentSettingsQuery,
  useSaveDocumentSettingsMutation,
  useAdminUsersQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useChangeUserMutation,
  useAdminRolesQuery,
  useCreateRoleMutation,
  useRenameRoleMutation,
  useChangePermissionsMutation,
  useChangeRoleRightsMutation,
  useChangeHiddenFieldsMutation,
  useAdminReferenceQuery,
  useAddReferenceMutation,
  useRenameReferenceMutation,
  useAdminLogQuery,
  usePublicUrlQuery,
} = adminApi;

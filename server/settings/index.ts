// Business settings, a module below the sections: every section reads its settings here (the selling band, the
// reserve terms, the shortfall rule, the company's requisites, the time zone), and the settings page's change log
// is written here by whichever part makes an administrative change. The admin wing keeps the routes that change them.
export {
  readBusinessSettings,
  readShortfallRule,
  recomputeOfferBands,
  saveBusinessSettings,
  saveCompanySettings,
  saveShortfallRule,
  settingsByName,
  type BandCause,
} from './businessSettings';
export { readLog, recordChange, type AdminAction } from './changeLog';
export { readImportVatRecovered, saveImportVatRecovered, type Reland } from './importVat';

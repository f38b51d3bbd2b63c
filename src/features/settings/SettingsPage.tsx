// /settings (administrators only; the route gate and the server both refuse everyone else): the business
// settings, the accounts, the roles with their rights and hidden fields, the reference lists nothing else edits,
// and the log of every change made here.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageTitle } from '../../components/PageTitle';
import { BusinessSettingsTab } from './BusinessSettingsTab';
import { UsersTab } from './UsersTab';
import { RolesTab } from './RolesTab';
import { ReferencesTab } from './ReferencesTab';
import { LogTab } from './LogTab';

const TABS = [
  { key: 'business', label: 'Бизнес-настройки', Panel: BusinessSettingsTab },
  { key: 'users', label: 'Пользователи', Panel: UsersTab },
  { key: 'roles', label: 'Роли', Panel: RolesTab },
  { key: 'references', label: 'Справочники', Panel: ReferencesTab },
  { key: 'log', label: 'Журнал изменений', Panel: LogTab },
] as const;

export default function SettingsPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('business');
  const { Panel } = TABS.find((t) => t.key === tab)!;
  return (
    <>
      <PageTitle title="Настройки" />
      <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="scrollable" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((t) => <Tab key={t.key} value={t.key} label={t.label} id={`settings-tab-${t.key}`} aria-controls={`settings-panel-${t.key}`} />)}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        <Panel />
      </Box>
    </>
  );
}

// /settings (administrators only; the route gate and the server both refuse everyone else): the business
// settings, the accounts, the roles with their rights and hidden fields, the reference lists nothing else edits,
// and the log of every change made here. The open tab is in the URL (/settings?tab=roles): a reload or a link keeps it.
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageTitle } from '../../components/PageTitle';
import { BusinessSettingsTab } from './BusinessSettingsTab';
import { UsersTab } from './UsersTab';
import { RolesTab } from './RolesTab';
import { ReferencesTab } from './ReferencesTab';
import { LogTab } from './LogTab';
import { Alert } from '../../components/Alert';
import { usePublicUrlQuery } from './adminApi';

const TABS = [
  { key: 'business', label: 'Бизнес-настройки', Panel: BusinessSettingsTab },
  { key: 'users', label: 'Пользователи', Panel: UsersTab },
  { key: 'roles', label: 'Роли', Panel: RolesTab },
  { key: 'references', label: 'Справочники', Panel: ReferencesTab },
  { key: 'log', label: 'Журнал изменений', Panel: LogTab },
] as const;

type TabKey = (typeof TABS)[number]['key'];

export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  // an unknown or missing tab opens the first
  const { key: tab, Panel } = TABS.find((t) => t.key === params.get('tab')) ?? TABS[0];
  const setTab = (key: TabKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  // buyers' links start with the address the app was opened at while PUBLIC_URL is unset: said here
  const publicUrl = usePublicUrlQuery();
  return (
    <>
      <PageTitle title="Настройки" />
      {publicUrl.data?.warning && (
        <Alert severity="warning" closable={false}>
          {publicUrl.data.warning}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`settings-tab-${t.key}`}
            aria-controls={`settings-panel-${t.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        <Panel />
      </Box>
    </>
  );
}

// The navigation beside all signed-in content, as spec point 2 lists it. Its sections and their labels come
// from the registry (domain/sections.ts): a section with inListsMenu goes under 'Списки', any other is a
// top-level item. This file decides only their order and icons.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import BookmarkAddedOutlined from '@mui/icons-material/BookmarkAddedOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Close from '@mui/icons-material/Close';
import { SECTION, type Section } from '../../domain/sections';
import { SCREEN_SECTIONS } from '../../domain/sectionKeys';
import { useLogoutMutation } from '../features/auth/authApi';
import { BRAND } from '../features/auth/AuthLayout';
import { endSession, useMeQuery, usePermissionsQuery } from '../api/session';
import { useAppDispatch } from '../api/hooks';
import { canOpen } from './access';
import { NotificationBell } from '../components/NotificationBell';
import { RatesStrip } from '../components/RatesStrip';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  /** Paths (besides `to`) where the item shows as active: / is the offers list. */
  alsoActiveAt?: string[];
}

const LISTS = 'lists';
/** The spec's order of the top-level items; a section not named here follows them, before Профиль. */
const TOP_ORDER: (Section | typeof LISTS)[] = ['employees', 'offers', LISTS, 'reserves'];
const ICONS: Partial<Record<Section, ReactNode>> = {
  employees: <BadgeOutlined />,
  offers: <Inventory2Outlined />,
  reserves: <BookmarkAddedOutlined />,
  shipments: <LocalShippingOutlined />,
};
const place = (key: Section | typeof LISTS) => {
  const index = TOP_ORDER.indexOf(key);
  return index < 0 ? TOP_ORDER.length : index;
};

const sectionItem = (key: Section): Item => ({
  to: `/${key}`,
  label: SECTION[key].title,
  icon: ICONS[key] ?? <FolderOutlined />,
  ...(key === 'offers' ? { alsoActiveAt: ['/'] } : {}),
});

function NavItem({ item, nested = false }: { item: Item; nested?: boolean }) {
  const location = useLocation();
  const { pathname } = location;
  const active =
    pathname === item.to || pathname.startsWith(`${item.to}/`) || (item.alsoActiveAt?.includes(pathname) ?? false);
  return (
    <ListItemButton
      component={Link}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      sx={{
        pl: nested ? 4 : 2,
        '&[aria-current=page]': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 500 },
      }}
    >
      {!nested && <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{item.icon}</ListItemIcon>}
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

/** 'Списки' and its submenu: a header row with the close button, then the links below it (never under it). */
function ListsMenu({ items }: { items: Item[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <ListAltOutlined />
        </ListItemIcon>
        <ListItemText primary="Списки" />
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <Box role="group" aria-label="Списки" sx={{ bgcolor: 'action.hover' }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 0.5, pt: 0.5 }}>
            <IconButton aria-label="Закрыть" size="small" onClick={() => setOpen(false)}>
              <Close fontSize="small" />
            </IconButton>
          </Box>
          <List component="div" disablePadding>
            {items.map((item) => (
              <NavItem key={item.to} item={item} nested />
            ))}
          </List>
        </Box>
      </Collapse>
    </>
  );
}

/** While the permissions are read: grey bars where the items will be, so the menu never shows a part of itself
 * ('Списки', 'Профиль', 'Выйти') and then grows. */
function NavigationPlaceholder() {
  return (
    <Box aria-busy="true" sx={{ flexGrow: 1, px: 2, py: 1 }}>
      {[0, 1, 2, 3, 4].map((n) => (
        <Skeleton key={n} variant="rounded" height={32} sx={{ my: 1 }} />
      ))}
    </Box>
  );
}

export function Navigation() {
  const { data: perms, isError } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    // the server revokes the token; whatever it answers, this side is signed out
    await logout()
      .unwrap()
      .catch(() => undefined);
    endSession(dispatch, 'user');
    navigate('/login', { replace: true });
  };

  const permitted = SCREEN_SECTIONS.filter((key) => canOpen(perms, key));
  const lists = permitted.filter((key) => SECTION[key].inListsMenu).map(sectionItem);
  // the Списки item itself is always shown
  const top = [...permitted.filter((key) => !SECTION[key].inListsMenu), LISTS as typeof LISTS]
    .map((key, index) => ({ key, index }))
    .sort((a, b) => place(a.key) - place(b.key) || a.index - b.index)
    .map(({ key }) => key);

  return (
    <Box
      component="nav"
      aria-label="Основная навигация"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ px: 2, py: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700, fontSize: 20, color: 'primary.main' }}>{BRAND}</Typography>
          <NotificationBell />
        </Box>
        {me && (
          <Typography variant="body2" color="text.secondary" noWrap title={me.email}>
            {me.name}
          </Typography>
        )}
        <RatesStrip />
      </Box>
      {!perms && !isError ? (
        <NavigationPlaceholder />
      ) : (
        <List component="div" sx={{ flexGrow: 1 }}>
          {top.map((key) =>
            key === LISTS ? <ListsMenu key={key} items={lists} /> : <NavItem key={key} item={sectionItem(key)} />,
          )}
          {canOpen(perms, 'priceList') && (
            <NavItem item={{ to: '/price-list', label: 'Прайс-лист', icon: <RequestQuoteOutlined /> }} />
          )}
          {canOpen(perms, 'quote') && <NavItem item={{ to: '/quote', label: 'Подбор', icon: <CalculateOutlined /> }} />}
          {canOpen(perms, 'quote') && (
            <NavItem item={{ to: '/quotes', label: 'Котировки', icon: <ReceiptLongOutlined /> }} />
          )}
          {canOpen(perms, 'invoices') && (
            <NavItem item={{ to: '/invoices', label: 'Счета', icon: <ReceiptOutlined /> }} />
          )}
          {canOpen(perms, 'upd') && <NavItem item={{ to: '/upd', label: 'УПД', icon: <DescriptionOutlined /> }} />}
          {canOpen(perms, 'analytics') && (
            <NavItem item={{ to: '/analytics', label: 'Аналитика', icon: <InsightsOutlined /> }} />
          )}
          <NavItem item={{ to: '/profile', label: 'Профиль', icon: <AccountCircleOutlined /> }} />
          {canOpen(perms, 'settings') && (
            <NavItem item={{ to: '/settings', label: 'Настройки', icon: <SettingsOutlined /> }} />
          )}
          <ListItemButton onClick={onLogout}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutOutlined />
            </ListItemIcon>
            <ListItemText primary="Выйти" />
          </ListItemButton>
        </List>
      )}
    </Box>
  );
}

// The navigation beside all signed-in content, exactly as spec point 2 lists it.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import BookmarkAddedOutlined from '@mui/icons-material/BookmarkAddedOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Close from '@mui/icons-material/Close';
import { useLogoutMutation } from '../features/auth/authApi';
import { useMeQuery, usePermissionsQuery } from '../api/session';
import { BRAND } from '../features/auth/AuthLayout';
import { canOpen } from './access';
import { useAppDispatch } from '../api/hooks';
import { endSession } from './store';

interface Item {
  to: string;
  label: string;
  icon: React.ReactNode;
  /** Paths (besides `to`) where the item shows as active: / is the offers list. */
  alsoActiveAt?: string[];
}

function NavItem({ item, nested = false }: { item: Item; nested?: boolean }) {
  const location = useLocation();
  const { pathname } = location;
  const active = pathname === item.to || pathname.startsWith(`${item.to}/`) || (item.alsoActiveAt?.includes(pathname) ?? false);
  return (
    <ListItemButton
      component={Link}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      sx={{ pl: nested ? 4 : 2, '&[aria-current=page]': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 500 } }}
    >
      {!nested && <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{item.icon}</ListItemIcon>}
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

export function Navigation() {
  const { data: perms } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const [listsOpen, setListsOpen] = useState(false);
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    // the server revokes the token; whatever it answers, this side is signed out
    await logout().unwrap().catch(() => undefined);
    endSession(dispatch, 'user');
    navigate('/login', { replace: true });
  };

  const lists: Item[] = [
    ...(canOpen(perms, 'suppliers') ? [{ to: '/suppliers', label: 'Поставщики', icon: null }] : []),
    ...(canOpen(perms, 'products') ? [{ to: '/products', label: 'Товары', icon: null }] : []),
    ...(canOpen(perms, 'cities') ? [{ to: '/cities', label: 'Города', icon: null }] : []),
  ];

  return (
    <Box component="nav" aria-label="Основная навигация" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2, py: 2.5 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 20, color: 'primary.main' }}>{BRAND}</Typography>
        {me && (
          <Typography variant="body2" color="text.secondary" noWrap title={me.email}>
            {me.name}
          </Typography>
        )}
      </Box>
      <List sx={{ flexGrow: 1 }}>
        {canOpen(perms, 'employees') && <NavItem item={{ to: '/employees', label: 'Сотрудники', icon: <BadgeOutlined /> }} />}
        {canOpen(perms, 'offers') && (
          <NavItem item={{ to: '/offers', label: 'Предложения', icon: <Inventory2Outlined />, alsoActiveAt: ['/'] }} />
        )}
        <ListItemButton onClick={() => setListsOpen((open) => !open)} aria-expanded={listsOpen}>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <ListAltOutlined />
          </ListItemIcon>
          <ListItemText primary="Списки" />
        </ListItemButton>
        <Collapse in={listsOpen} unmountOnExit>
          <Box role="group" aria-label="Списки" sx={{ bgcolor: 'action.hover', position: 'relative' }}>
            <IconButton aria-label="Закрыть" size="small" onClick={() => setListsOpen(false)} sx={{ position: 'absolute', right: 4, top: 4 }}>
              <Close fontSize="small" />
            </IconButton>
            <List disablePadding sx={{ pt: 1 }}>
              {lists.map((item) => (
                <NavItem key={item.to} item={item} nested />
              ))}
            </List>
          </Box>
        </Collapse>
        {canOpen(perms, 'reserves') && <NavItem item={{ to: '/reserves', label: 'Резервы', icon: <BookmarkAddedOutlined /> }} />}
        <NavItem item={{ to: '/profile', label: 'Профиль', icon: <AccountCircleOutlined /> }} />
        {canOpen(perms, 'settings') && <NavItem item={{ to: '/settings', label: 'Настройки', icon: <SettingsOutlined /> }} />}
        <ListItemButton onClick={onLogout}>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LogoutOutlined />
          </ListItemIcon>
          <ListItemText primary="Выйти" />
        </ListItemButton>
      </List>
    </Box>
  );
}

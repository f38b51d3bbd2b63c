// The bell in the navigation: the unread count on it, and the list (newest first) in a popover, each line leading
// to its record; 'Отметить все прочитанными'. New notifications arrive over the live stream (src/api/live.ts).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { NOTIFICATION_UI, notificationLink, type NotificationItem } from '../../domain/notifications';
import { formatDateTime } from '../../domain/format';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from '../api/notifications';

export function NotificationBell() {
  const { data } = useNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll] = useMarkAllNotificationsReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  const open = (n: NotificationItem) => {
    if (!n.read) void markRead(n.id);
    setAnchor(null);
    navigate(notificationLink(n));
  };
  return (
    <>
      <IconButton
        aria-label={`${NOTIFICATION_UI.bell}: ${unread}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="bell-count">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 380, maxHeight: 480 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {NOTIFICATION_UI.title}
          </Typography>
          <Button size="small" disabled={unread === 0} onClick={() => void markAll()}>
            {NOTIFICATION_UI.markAll}
          </Button>
        </Box>
        {data && data.items.length === 0 && (
          <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
            {NOTIFICATION_UI.empty}
          </Typography>
        )}
        <List dense disablePadding aria-label={NOTIFICATION_UI.title}>
          {data?.items.map((n) => (
            <ListItemButton key={n.id} onClick={() => open(n)} sx={{ bgcolor: n.read ? undefined : 'action.hover' }}>
              <ListItemText
                primary={n.text}
                secondary={formatDateTime(n.created_at)}
                slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Popover>
    </>
  );
}

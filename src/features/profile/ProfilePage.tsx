import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/PageTitle';
import { useMeQuery } from '../../api/session';

const USER_TYPES = { admin: 'Администратор', employee: 'Сотрудник', supplier: 'Поставщик' } as const;

/** Who is signed in: the spec leaves the page's content open, so it shows the account. */
export default function ProfilePage() {
  const { data: me } = useMeQuery();
  return (
    <>
      <PageTitle title="Профиль" />
      {me && (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 520, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}>
          <Typography color="text.secondary">Имя</Typography>
          <Typography>{me.name}</Typography>
          <Typography color="text.secondary">Email</Typography>
          <Typography>{me.email}</Typography>
          <Typography color="text.secondary">Тип учётной записи</Typography>
          <Typography>{USER_TYPES[me.user_type]}</Typography>
        </Paper>
      )}
    </>
  );
}

// 'Мои данные': the account as the server shows it to this role, the name (and an employee's phone) editable with
// the employee card's rules; e-mail, role and position are the administrator's to change.
import { useMemo } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_MSG, profileSchema, type Profile, type ProfileForm } from '../../../domain/accounts';
import { PhoneInput } from '../../components/PhoneInput';
import { Spinner } from '../../components/Spinner';
import { useUpdateProfileMutation } from './profileApi';
import { useResultAlert } from './useResultAlert';
import { PROFILE_TEXTS as T } from './texts';

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}

export function ProfileData({ profile }: { profile: Profile }) {
  const [update] = useUpdateProfileMutation();
  const { alert, report } = useResultAlert();
  const phoneEditable = profile.editable.includes('phone');
  const schema = useMemo(() => profileSchema(phoneEditable), [phoneEditable]);

  const form = useFormik<ProfileForm>({
    initialValues: { name: profile.name, phone: profile.phone ?? '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const saved = await report(
        () => update({ name: values.name.trim(), ...(phoneEditable ? { phone: values.phone } : {}) }).unwrap(),
        () => PROFILE_MSG.saved,
      );
      if (saved) helpers.resetForm({ values: { name: saved.name, phone: saved.phone ?? '' } });
    },
  });
  const error = (field: keyof ProfileForm) => (form.touched[field] && form.errors[field]) || undefined;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      {alert}
      {/* TextField like PhoneInput beside it: one size, one look */}
      <TextField
        id="profile-name"
        name="name"
        label={T.name}
        size="small"
        autoComplete="name"
        value={form.values.name}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(error('name'))}
        helperText={error('name')}
      />
      {phoneEditable && (
        <PhoneInput
          name="phone"
          label={T.phone}
          value={form.values.phone}
          onChange={(digits) => void form.setFieldValue('phone', digits)}
          onBlur={() => void form.setFieldTouched('phone', true)}
          error={error('phone')}
        />
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        <ReadOnly label={T.email} value={profile.email} />
        <ReadOnly label={T.role} value={profile.role ?? T.noRole} />
        {profile.position !== undefined && <ReadOnly label={T.position} value={profile.position ?? '—'} />}
        {profile.supplier !== null && <ReadOnly label={T.supplier} value={profile.supplier} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.adminManaged}
      </Typography>
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!form.dirty || form.isSubmitting}
          startIcon={form.isSubmitting ? <Spinner size={18} /> : undefined}
        >
          {T.save}
        </Button>
      </Box>
    </Box>
  );
}

// A card's fields drawn from its section's resource (domain/<section>/resource.ts), each as its kind says: a text, an
// e-mail, a phone with the +7 mask, money or an amount with the decimal keyboard, a whole count, a day, a select of its
// reference list. The card keeps only its own layout choices: which fields go first, which take the block's width, a
// widget of its own for a field (a choice's options, a field shown on a condition), extra props (a numeric keyboard).
// A field added to the resource is on the card with no line here or in the card.
import { Fragment, type ReactNode } from 'react';
import type { FormikProps } from 'formik';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldSpec, ReferenceSpec } from '../../../domain/resource';
import type { FormField } from '../../../domain/fields';
import { listFailure, useReferenceListQuery, type ReferenceList } from '../../api/references';
import type { CardInputs } from './cardInputs';
import { InfoBlock } from './InfoBlock';

/** What the fields are read from: a section's resource. */
export interface FieldsSource {
  formFields: readonly FormField[];
  field(key: string): FieldSpec;
}

export interface ResourceFieldsProps<V extends object> {
  resource: FieldsSource;
  form: FormikProps<V>;
  inputs: CardInputs<V>;
  /** The fields the caller's role may not see: not drawn, their lists not asked for. */
  hidden: ReadonlySet<string>;
  readOnly?: boolean;
  /** Fields drawn elsewhere on the card (the header's name). */
  skip?: readonly string[];
  /** Fields drawn first, in this order; the rest follow in the resource's. */
  first?: readonly string[];
  /** Fields across the block (an address); a field whose filter searches addresses is wide anyway. */
  wide?: readonly string[];
  /** A widget of the card's own for a field (false or null: not drawn now). */
  own?: Partial<Record<string, () => ReactNode>>;
  /** Extra props for a field's input (a numeric keyboard for an INN). */
  props?: Partial<Record<string, TextFieldProps>>;
}

/** The reference lists a select can load (an offer is picked otherwise). */
const SELECTABLE: readonly ReferenceList[] = [
  'cities',
  'employees',
  'positions',
  'suppliers',
  'varieties',
  'packing',
  'products',
  'buyers',
];
const selectable = (reference: ReferenceSpec | undefined): ReferenceList | undefined =>
  reference && (SELECTABLE as readonly string[]).includes(reference.list)
    ? (reference.list as ReferenceList)
    : undefined;

/** A select of a reference list, which it loads itself (not for a role that does not see the field). */
function ReferenceSelect<V extends object>({
  name,
  list,
  inputs,
  hidden,
  props,
}: {
  name: string;
  list: ReferenceList;
  inputs: CardInputs<V>;
  hidden: boolean;
  props?: TextFieldProps;
}) {
  const items = useReferenceListQuery(list, { skip: hidden });
  return <>{inputs.select(name as keyof V & string, items.data, { helperText: listFailure(items), ...props })}</>;
}

const isAddress = (field: FieldSpec) => typeof field.filter === 'object' && field.filter.type === 'address';

export function ResourceFields<V extends object>({
  resource,
  form,
  inputs,
  hidden,
  readOnly = false,
  skip = [],
  first = [],
  wide = [],
  own = {},
  props = {},
}: ResourceFieldsProps<V>) {
  const keys = resource.formFields.map((f) => f.key).filter((key) => !skip.includes(key));
  const ordered = [...first.filter((key) => keys.includes(key)), ...keys.filter((key) => !first.includes(key))];

  const draw = (key: string): ReactNode => {
    if (hidden.has(key)) return null;
    const drawOwn = own[key];
    if (drawOwn) return drawOwn();
    const spec = resource.field(key);
    const name = key as keyof V & string;
    const extra = props[key] ?? {};
    switch (spec.kind) {
      case 'reference': {
        const list = selectable(spec.reference);
        return list ? (
          <ReferenceSelect name={key} list={list} inputs={inputs} hidden={hidden.has(key)} props={extra} />
        ) : (
          inputs.field(name, extra)
        );
      }
      case 'phone':
        return inputs.phone(name);
      case 'email':
        return inputs.field(name, { type: 'email', ...extra });
      case 'money':
      case 'amount':
        return inputs.decimal(name, extra);
      case 'count':
        return inputs.field(name, { ...extra, slotProps: { htmlInput: { inputMode: 'numeric' } } });
      case 'date': {
        const value = (form.values as Record<string, unknown>)[key];
        const error = inputs.fieldError(key);
        return inputs.configurable(
          key,
          spec.label,
          <DatePicker
            key={key}
            label={spec.label}
            format="DD.MM.YYYY"
            value={value ? dayjs(String(value)) : null}
            // a day half typed is no day: the form's own message says so
            onChange={(date) => void form.setFieldValue(key, date?.isValid() ? date.format('YYYY-MM-DD') : '')}
            disabled={readOnly}
            slotProps={{
              textField: {
                size: 'small',
                name: key,
                onBlur: () => void form.setFieldTouched(key, true),
                error: Boolean(error),
                helperText: error,
              },
            }}
          />,
        );
      }
      default:
        return inputs.field(name, extra, { wide: wide.includes(key) || isAddress(spec) });
    }
  };

  return (
    <>
      {ordered.map((key) => (
        <Fragment key={key}>{draw(key)}</Fragment>
      ))}
    </>
  );
}

/** A block of the card's fields under its title, drawn only where the resource has a field to draw (a product's or a
 * city's name is the header's; a field declared beside it comes here). */
export function ResourceFieldsBlock<V extends object>({
  title,
  settingsButton,
  ...props
}: ResourceFieldsProps<V> & { title: string; settingsButton: ReactNode }) {
  const { skip = [] } = props;
  if (!props.resource.formFields.some((f) => !skip.includes(f.key) && !props.hidden.has(f.key))) return null;
  return (
    <InfoBlock title={title}>
      {settingsButton}
      <ResourceFields {...props} />
    </InfoBlock>
  );
}

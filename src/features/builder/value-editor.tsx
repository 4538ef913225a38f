import { Autocomplete, Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FieldDefinition, ModuleId } from '#contract/catalog';
import { FIELD_VALUE_ROWS, useFieldValues } from '../../lib/api/field-values.ts';
import { DateTextField } from './date-text-field.tsx';
import { joinIso, localOffset, parseDay, parseWallTime, splitIso } from './datetime-text.ts';
import { ListEditor } from './list-editor.tsx';
import { RangeEditor } from './range-editor.tsx';
import type { ConditionValue, ScalarJson } from './model.ts';

interface ScalarEditorProps {
  /** The module, when its values can be offered (a pick-list for fields whose values repeat). */
  readonly module?: ModuleId | undefined;
  readonly field: FieldDefinition;
  readonly value: ScalarJson;
  readonly onChange: (value: ScalarJson) => void;
  readonly label: string;
  readonly error: string | undefined;
  /**
   * The end of a range on a date-time: a bare day (typed alone, or picked at 00:00:00) stays a
   * day, which the service reads as the whole day, and the input says so.
   */
  readonly wholeDay?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The message for typed text that is no date: the format kept on one line when it wraps. */
function notA(kind: string, format: string) {
  return (
    <>
      Not a {kind}: type it as <span style={{ whiteSpace: 'nowrap' }}>{format}</span>
    </>
  );
}

function DateEditor({ value, onChange, label, error }: ScalarEditorProps) {
  const text = String(value);
  return (
    <DateTextField
      label={label}
      placeholder="YYYY-MM-DD"
      value={text}
      text={DAY.test(text) ? text : ''}
      parse={parseDay}
      invalidMessage={notA('date', 'YYYY-MM-DD')}
      onChange={onChange}
      error={error}
      w={150}
    />
  );
}

function DateTimeEditor({ field, value, onChange, label, error, wholeDay }: ScalarEditorProps) {
  const iso = field.datetimeForm === 'iso';
  const { wall, offset } = iso
    ? splitIso(String(value))
    : { wall: String(value), offset: undefined };
  // The offset a value arrived with, kept while its text is retyped (and the value is '').
  const [kept, setKept] = useState(offset);
  if (offset !== undefined && offset !== kept) setKept(offset);
  const parsed = parseWallTime(wall);
  // A day alone, at the end of a range: shown as the day it is, with what it means.
  const bareDay = wholeDay === true && DAY.test(wall);
  return (
    <DateTextField
      label={label}
      placeholder={
        wholeDay
          ? 'YYYY-MM-DD (whole day) or with a time'
          : iso
            ? 'YYYY-MM-DD HH:mm:ss (with offset)'
            : 'YYYY-MM-DD HH:mm:ss'
      }
      description={bareDay ? 'The whole day, through 23:59:59' : undefined}
      value={String(value)}
      text={bareDay ? wall : (parsed ?? '')}
      parse={(typed) => {
        const next = parseWallTime(typed);
        if (next === null) return null;
        // The service reads a bare day at a range's end as all of it (see its semantics).
        if (wholeDay && next.endsWith(' 00:00:00')) return next.slice(0, 10);
        return iso ? joinIso(next, offset ?? kept ?? localOffset(next)) : next;
      }}
      invalidMessage={notA('date-time', 'YYYY-MM-DD HH:mm:ss')}
      onChange={onChange}
      error={error}
      w={iso ? 240 : 200}
      suffix={
        iso && !bareDay ? (
          <Text size="xs" c="dimmed">
            {offset ?? kept ?? localOffset(parsed ?? '2000-01-01 00:00:00')}
          </Text>
        ) : undefined
      }
    />
  );
}

/** Options shown at once: type-ahead narrows the rest. */
const SHOWN_OPTIONS = 50;

/**
 * A text value with its known values offered as one types (filers, countries, the five 13F
 * statuses…); any other text may still be written, as the service allows it.
 */
function PickListEditor({
  module,
  field,
  value,
  onChange,
  label,
  error,
}: ScalarEditorProps & { module: ModuleId }) {
  const known = useFieldValues(module, field.name);
  // Periods and other days: the latest first, as an analyst most often wants them.
  const values = field.kind === 'date' ? [...(known?.values ?? [])].reverse() : known?.values;
  return (
    <Autocomplete
      aria-label={label}
      placeholder={
        known
          ? `${String(known.values.length)} ${field.kind === 'date' ? 'days (YYYY-MM-DD)' : 'values'}: type to narrow`
          : field.kind === 'date'
            ? 'YYYY-MM-DD'
            : 'value'
      }
      data={values ?? []}
      limit={SHOWN_OPTIONS}
      value={String(value)}
      onChange={onChange}
      error={error}
      w="100%"
      maw={320}
      comboboxProps={{ withinPortal: true }}
      description={
        known && !known.complete
          ? `Values found in the first ${FIELD_VALUE_ROWS.toLocaleString()} rows; others may be typed.`
          : undefined
      }
    />
  );
}

function ScalarEditor(props: ScalarEditorProps) {
  const { field, value, onChange, label, error } = props;
  // A day whose values the service lists (the 13F periods) is picked from them, or typed.
  if (props.module && field.kind === 'date' && field.picklist) {
    return <PickListEditor {...props} module={props.module} />;
  }
  if (field.kind === 'date') return <DateEditor {...props} />;
  if (field.kind === 'datetime') return <DateTimeEditor {...props} />;
  if (field.kind === 'boolean') {
    return (
      <Select
        aria-label={label}
        data={[
          { value: 'true', label: 'Yes (true)' },
          { value: 'false', label: 'No (false)' },
        ]}
        value={
          value === true || value === 'true'
            ? 'true'
            : value === false || value === 'false'
              ? 'false'
              : null
        }
        onChange={(next) => {
          onChange(next === 'true');
        }}
        allowDeselect={false}
        error={error}
        w={140}
      />
    );
  }
  if (props.module && (field.values || field.picklist)) {
    return <PickListEditor {...props} module={props.module} />;
  }
  const numeric = field.kind === 'number' || field.kind === 'percent';
  return (
    <TextInput
      aria-label={label}
      placeholder={numeric ? 'number' : 'value'}
      inputMode={numeric ? 'decimal' : undefined}
      value={String(value)}
      onChange={(event) => {
        // Numbers travel as numeric strings, as the interface shows.
        onChange(event.currentTarget.value);
      }}
      error={error}
      w={numeric ? 150 : '100%'}
      maw={320}
      ff={field.kind === 'id' ? 'monospace' : undefined}
    />
  );
}

/** `$between`: two inputs, the upper one standing for its whole day on a date-time. */
function BetweenEditor({
  field,
  lower,
  upper,
  onChange,
  label,
  error,
}: {
  field: FieldDefinition;
  lower: ScalarJson;
  upper: ScalarJson;
  onChange: (lower: ScalarJson, upper: ScalarJson) => void;
  label: string;
  error: string | undefined;
}) {
  return (
    <Group gap={6} align="flex-start" wrap="wrap">
      <ScalarEditor
        field={field}
        value={lower}
        label={`${label}, from`}
        error={error}
        onChange={(next) => {
          onChange(next, upper);
        }}
      />
      <Text size="sm" mt={6}>
        and
      </Text>
      <ScalarEditor
        field={field}
        value={upper}
        label={`${label}, to`}
        error={undefined}
        wholeDay
        onChange={(next) => {
          onChange(lower, next);
        }}
      />
    </Group>
  );
}

/** The value editor for a condition: by field kind and operator. */
export function ValueEditor({
  module,
  field,
  value,
  onChange,
  label,
  error,
}: {
  /** The module: a field whose values repeat then offers them as a pick-list. */
  module: ModuleId;
  field: FieldDefinition;
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
  /** Names the row, e.g. "Ticker value", for screen readers. */
  label: string;
  error: string | undefined;
}) {
  switch (value.kind) {
    case 'none':
      return null;
    case 'range':
      return (
        <RangeEditor
          range={value.range}
          label={label}
          error={error}
          onChange={(range) => {
            onChange({ kind: 'range', range });
          }}
        />
      );
    case 'list':
      return (
        <ListEditor
          module={module}
          field={field}
          values={value.values}
          label={label}
          error={error}
          onChange={(values) => {
            onChange({ kind: 'list', values });
          }}
        />
      );
    case 'between':
      return (
        <BetweenEditor
          field={field}
          lower={value.lower}
          upper={value.upper}
          label={label}
          error={error}
          onChange={(lower, upper) => {
            onChange({ kind: 'between', lower, upper });
          }}
        />
      );
    case 'scalar':
      return (
        <ScalarEditor
          module={module}
          field={field}
          value={value.value}
          label={label}
          error={error}
          onChange={(next) => {
            onChange({ kind: 'scalar', value: next });
          }}
        />
      );
  }
}

import { Pill, TagsInput } from '@mantine/core';
import type { FieldDefinition, FieldKind, ModuleId } from '#contract/catalog';
import { QUERY_LIMITS } from '#contract/query';
import { useFieldValues } from '../../lib/api/field-values.ts';
import type { ScalarJson } from './model.ts';

/** Options shown at once: type-ahead narrows the rest. */
const SHOWN_OPTIONS = 50;

/**
 * What ends one value and starts the next when typed or pasted. Text and ids split only on
 * lines and tabs (a column pasted from a sheet): filer names hold commas. Days and numbers hold
 * neither commas nor blanks, so "2025-09-30, 2025-12-31" is two values.
 */
function splitCharsFor(kind: FieldKind): string[] {
  return kind === 'text' || kind === 'id' ? ['\n', '\t'] : [',', ' ', '\n', '\t'];
}

/**
 * Whether `value` is listed already, as the service would compare them: text ignoring case,
 * everything else exactly (two CUSIPs differing in case are two values).
 */
function listedAlready(kind: FieldKind) {
  return (value: string, current: string[]) =>
    kind === 'text'
      ? current.some((item) => item.toLowerCase() === value.toLowerCase())
      : current.includes(value);
}

/**
 * The values of an `$in` condition as removable pills: typed (Enter or a separator adds one),
 * pasted several at once, or picked from the field's known values, as its single-value editor
 * offers them.
 */
export function ListEditor({
  module,
  field,
  values,
  onChange,
  label,
  error,
}: {
  readonly module: ModuleId;
  readonly field: FieldDefinition;
  readonly values: readonly ScalarJson[];
  readonly onChange: (values: ScalarJson[]) => void;
  readonly label: string;
  readonly error: string | undefined;
}) {
  const known = useFieldValues(module, field.name);
  // Periods and other days: the latest first, as the single-value editor offers them.
  const options = field.kind === 'date' ? [...(known?.values ?? [])].reverse() : known?.values;
  // A value kept as it arrived (a JSON number stays a number) until it is removed.
  const arrived = new Map(values.map((value) => [String(value), value]));
  const full = values.length >= QUERY_LIMITS.maxInValues;
  return (
    <TagsInput
      aria-label={label}
      placeholder={values.length === 0 ? 'Type a value and press Enter' : undefined}
      data={options ?? []}
      limit={SHOWN_OPTIONS}
      value={values.map(String)}
      onChange={(next) => {
        onChange(next.map((text) => arrived.get(text) ?? text));
      }}
      splitChars={splitCharsFor(field.kind)}
      isDuplicate={listedAlready(field.kind)}
      maxTags={QUERY_LIMITS.maxInValues}
      renderPill={({ value, onRemove }) => (
        // Mantine hides the remove button from assistive technology; named, it can be used.
        <Pill
          withRemoveButton
          onRemove={onRemove}
          removeButtonProps={{ 'aria-hidden': false, 'aria-label': `Remove ${value}` }}
        >
          {value}
        </Pill>
      )}
      description={full ? `At most ${String(QUERY_LIMITS.maxInValues)} values` : undefined}
      inputWrapperOrder={['input', 'description', 'error']}
      error={error}
      w="100%"
      maw={420}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

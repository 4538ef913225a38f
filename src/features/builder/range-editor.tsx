import { Select } from '@mantine/core';
import { DATE_RANGES } from '#contract/operators';

/** A `$dateRange` name: the vendor's documented one first, ours marked as extensions. */
export function RangeEditor({
  range,
  onChange,
  label,
  error,
}: {
  range: string;
  onChange: (range: string) => void;
  label: string;
  error: string | undefined;
}) {
  return (
    <Select
      aria-label={label}
      data={DATE_RANGES.map((known) => ({
        value: known.name,
        label: known.extension ? `${known.label} (dashboard extension)` : known.label,
      }))}
      value={range}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      error={error}
      w={260}
    />
  );
}

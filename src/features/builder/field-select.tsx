import { Select } from '@mantine/core';
import { useState } from 'react';
import type { Ref } from 'react';
import { offeredFields } from '#contract/catalog';
import { useBuilderContext } from './builder-context.ts';
import type { ModuleId } from '#contract/catalog';

/**
 * A searchable field picker: opening it clears the search so typing "Filed" finds "Filed at"
 * at once, the first match is highlighted, and Enter takes it.
 */
export function FieldSelect({
  module,
  value,
  onChange,
  label,
  width,
  inputRef,
}: {
  module: ModuleId;
  value: string;
  onChange: (name: string) => void;
  label: string;
  width: number;
  /** The input, for the form to focus (a new condition's picker gets the focus). */
  inputRef?: Ref<HTMLInputElement>;
}) {
  // The vendor knows none of the embedded service's own fields: not offered upstream.
  const { upstream } = useBuilderContext();
  const options = offeredFields(module, upstream, [value]).map((field) => ({
    value: field.name,
    label: field.label,
  }));
  const selectedLabel = options.find((option) => option.value === value)?.label ?? value;
  const [search, setSearch] = useState<string>();
  return (
    <Select
      ref={inputRef}
      aria-label={label}
      searchable
      selectFirstOptionOnChange
      data={options}
      value={value}
      // Closed, it shows the chosen field; open, what the analyst types.
      searchValue={search ?? selectedLabel}
      onSearchChange={(text) => {
        if (search !== undefined) setSearch(text);
      }}
      onDropdownOpen={() => {
        setSearch('');
      }}
      onDropdownClose={() => {
        setSearch(undefined);
      }}
      onChange={(name) => {
        if (name) onChange(name);
      }}
      allowDeselect={false}
      nothingFoundMessage="No field of that name"
      w={width}
    />
  );
}

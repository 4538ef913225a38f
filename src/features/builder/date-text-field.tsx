import { Group, Input, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';

/**
 * The text in a date field and the value it gave; a value the text did not give (a new field,
 * a query opened or edited as JSON) replaces the text.
 */
function useTypedDate(
  value: string,
  text: string,
  parse: (typed: string) => string | null,
  onChange: (value: string) => void,
) {
  const [draft, setDraft] = useState({ text, value });
  let shown = draft;
  if (draft.value !== value) {
    shown = { text, value };
    setDraft(shown);
  }
  return {
    shown,
    typed: (next: string) => {
      const parsed = next.trim() === '' ? '' : (parse(next) ?? '');
      setDraft({ text: next, value: parsed });
      if (parsed !== value) onChange(parsed);
    },
    // A date typed in any accepted form is then shown as it is stored.
    left: () => {
      if (shown.value !== '') setDraft({ text, value });
    },
  };
}

/**
 * A typed date or date-time: analysts type days (2025-12-31) far more than they pick them, so a
 * text field that reads the text, not a calendar (and not the 14 kB of one they never used).
 *
 * What the builder stores is the parsed value, or '' while the text is no date: a query is never
 * run with a value the field does not show. The typed text itself stays in the field, with a
 * message, until the analyst fixes it.
 */
export function DateTextField({
  label,
  value,
  text,
  parse,
  onChange,
  invalidMessage,
  error,
  placeholder,
  description,
  suffix,
  w,
}: {
  readonly label: string;
  /** The value the builder holds. */
  readonly value: string;
  /** The text that shows `value`, once the analyst leaves the field. */
  readonly text: string;
  /** The value to store for typed text; null when the text is no date. */
  readonly parse: (typed: string) => string | null;
  readonly onChange: (value: string) => void;
  /** Shown on leaving the field with text that is no date. */
  readonly invalidMessage: ReactNode;
  readonly error: string | undefined;
  readonly placeholder: string;
  readonly description?: string | undefined;
  /** Shown at the right, before the clear button (a date-time's offset). */
  readonly suffix?: ReactNode;
  readonly w: number;
}) {
  const { shown, typed, left } = useTypedDate(value, text, parse, onChange);
  const [focused, setFocused] = useState(false);
  const invalid = !focused && shown.text.trim() !== '' && shown.value === '';
  const clear =
    shown.text === '' ? null : (
      <Input.ClearButton
        aria-label={`Clear ${label}`}
        onClick={() => {
          typed('');
        }}
      />
    );
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      description={description}
      value={shown.text}
      onChange={(event) => {
        typed(event.currentTarget.value);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={() => {
        setFocused(false);
        left();
      }}
      error={invalid ? invalidMessage : error}
      autoComplete="off"
      spellCheck={false}
      w={w}
      rightSectionWidth={suffix ? 92 : undefined}
      rightSectionPointerEvents="all"
      rightSection={
        suffix ? (
          <Group gap={4} wrap="nowrap">
            {suffix}
            {clear}
          </Group>
        ) : (
          clear
        )
      }
    />
  );
}

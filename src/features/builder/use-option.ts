import { useController, useFormContext, useWatch } from 'react-hook-form';

/** One output option of the builder's form (`fields`, `orderBy`, …): its value and setters. */
export function useOption(name: string) {
  const { control } = useFormContext();
  const { field } = useController({ control, name });
  // A controller shows the starting value again once its value is cleared to undefined; the
  // form's own value says "not set", as the body does.
  const value: unknown = useWatch({ control, name });
  return { ...field, value };
}

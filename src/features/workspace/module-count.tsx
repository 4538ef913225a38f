import { Loader, Text } from '@mantine/core';
import type { ModuleId } from '#contract/catalog';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { HttpError } from '../../lib/api/api-errors.ts';
import { describeError } from '../../lib/api/error-policy.ts';
import { useModuleCount } from '../../lib/api/query-api.ts';

/**
 * The module's record count beside its title. A refusal of the module (403) is about the whole
 * workspace, so it is an alert here; any other failure is the service's, which the run's own
 * alert explains in full, so the header only says that the count is missing and why in a word,
 * rather than repeating the same alert above the builder.
 */
export function ModuleCount({ module }: { module: ModuleId }) {
  const count = useModuleCount(module);
  if (count.isPending) return <Loader size="xs" aria-label="Counting records" />;
  if (count.isSuccess) return <Text c="dimmed">{count.data.toLocaleString()} records</Text>;
  if (count.error instanceof HttpError && count.error.status === 403) {
    return <ErrorAlert error={count.error} />;
  }
  const { title, message } = describeError(count.error);
  return (
    <Text c="dimmed" size="sm" title={message}>
      Record count unavailable ({title.toLowerCase()})
    </Text>
  );
}

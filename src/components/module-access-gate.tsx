import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { notSubscribedReason } from './not-subscribed.ts';
import { useRefusedModules } from '../lib/api/use-refused-modules.ts';

/** A page of a module the service refused: its title, the reason once, and the way back. */
function NotSubscribed({ module, heading }: { module: ModuleId; heading: string }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Alert color="yellow" title="Not in your subscription" role="alert">
        <Text size="sm">{notSubscribedReason(module)}</Text>
        <Anchor
          size="sm"
          mt="xs"
          display="block"
          renderRoot={(props) => <Link to="/" {...props} />}
        >
          Back to the modules you have
        </Anchor>
      </Alert>
    </Stack>
  );
}

/**
 * Shows `children` until the service refuses `module` (403), then only the reason, said once:
 * every query of the page would fail the same way, so none of them is sent or shown. The service
 * tells no one the modules up front (neither the token answer nor app-config), so the first 403
 * of the session decides, and is remembered until sign-out (ModuleAccess).
 */
export function ModuleAccessGate({
  module,
  heading = CATALOG[module].label,
  children,
}: {
  module: ModuleId;
  /** The page's own title, kept above the reason. */
  heading?: string;
  children: ReactNode;
}) {
  const refused = useRefusedModules();
  if (!refused.has(module)) return children;
  return <NotSubscribed module={module} heading={heading} />;
}

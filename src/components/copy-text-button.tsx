import { Button, CopyButton } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';

/** A button that copies `value` to the clipboard and says so for a moment. */
export function CopyTextButton({
  value,
  label,
  copiedLabel = 'Copied',
  size = 'compact-xs',
}: {
  value: string;
  label: string;
  copiedLabel?: string;
  size?: ButtonProps['size'];
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size={size} variant="default" onClick={copy}>
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

import { Group } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { CopyTextButton } from '../../components/copy-text-button.tsx';
import { SaveQueryButton } from '../../features/saved-queries/save-query-button.tsx';
import { describeAnalysis, savedAnalysisOf } from '../../lib/url-state/analysis-links.ts';
import type { AnalysisLink } from '../../lib/url-state/analysis-links.ts';

/**
 * A view across managers' own actions: save it as a named query, copy its link. The link is the
 * page's address: the view's whole state is its validated search, and never a credential.
 */
export function ViewActions({ analysis }: { analysis: AnalysisLink }) {
  const href = useLocation({ select: (location) => location.href });
  return (
    <Group gap="xs" wrap="wrap">
      <SaveQueryButton
        state={savedAnalysisOf(analysis)}
        suggestedName={describeAnalysis(analysis)}
        size="xs"
      />
      <CopyTextButton
        value={`${window.location.origin}${href}`}
        label="Copy link"
        copiedLabel="Link copied"
        size="xs"
      />
    </Group>
  );
}

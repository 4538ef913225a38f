import { SKIP_TARGETS, useSkipTargets } from '../../lib/focus/skip-targets.ts';
import type { SkipTarget } from '../../lib/focus/skip-targets.ts';
import classes from './skip-link.module.css';

/**
 * A link that moves focus to the element `id` without touching the fragment: it carries the
 * workspace's link state.
 */
function SkipLink({ id, children }: { id: string; children: string }) {
  return (
    <a
      href={`#${id}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(id)?.focus();
      }}
    >
      {children}
    </a>
  );
}

/** The page's first tab stop: past the header and the module list, to the workspace. */
export function SkipToWorkspace() {
  return <SkipLink id="main">Skip to the workspace</SkipLink>;
}

const RESULT_LINKS: readonly { target: SkipTarget; label: string }[] = [
  { target: 'results', label: 'Skip to results' },
  { target: 'charts', label: 'Skip to charts' },
];

/**
 * Right after the search box (`/`, then Tab): straight to the result or its charts, past the
 * module list and the query. Only the links whose place is on the page are offered.
 */
export function SkipToResult() {
  const present = useSkipTargets();
  return (
    <span className={classes.afterSearch}>
      {RESULT_LINKS.filter(({ target }) => present.includes(target)).map(({ target, label }) => (
        <SkipLink key={target} id={SKIP_TARGETS[target]}>
          {label}
        </SkipLink>
      ))}
    </span>
  );
}

import type { ComboboxStore } from '@mantine/core';
import { Combobox, Group, Kbd, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { describeError } from '../../lib/api/error-policy.ts';
import { requestResultFocus } from '../../lib/focus/heading-focus.ts';
import { encodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { FollowOptionStar } from '../../components/follow-star.tsx';
import { useFollows } from '../../lib/follows/use-follows.ts';
import { searchIndex } from './search-index.ts';
import { groupsOf } from './search-options.ts';
import type { SearchGroup, SearchOption } from './search-options.ts';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { useSearchIndex } from './api/use-search-index.ts';
import type { LoadedSearchIndex } from './api/use-search-index.ts';

/** What the list shows when it has no results to show: why, in a sentence. */
function EmptyState({
  query,
  loaded,
  pending,
  error,
}: {
  query: string;
  loaded: LoadedSearchIndex | undefined;
  pending: boolean;
  error: unknown;
}) {
  if (error) return <Combobox.Empty>{describeError(error).message}</Combobox.Empty>;
  if (pending && !loaded) {
    return (
      <Combobox.Empty>
        <Group gap="xs" justify="center">
          <Loader size="xs" /> Reading filers, securities and accounts…
        </Group>
      </Combobox.Empty>
    );
  }
  if (query.trim() === '') {
    return (
      <Combobox.Empty>
        A filer, a manager, a ticker, a CUSIP, an issuer or an account
      </Combobox.Empty>
    );
  }
  return <Combobox.Empty>Nothing matches “{query.trim()}”</Combobox.Empty>;
}

/** The list under the box: the groups of results, or why there are none. */
function SearchDropdown({
  groups,
  query,
  loaded,
}: {
  groups: readonly SearchGroup[];
  query: string;
  loaded: ReturnType<typeof useSearchIndex>;
}) {
  const followed = useFollows();
  const isFollowed = ({ follow }: SearchOption) =>
    follow !== undefined &&
    followed.some((entry) => entry.kind === follow.kind && entry.key === follow.key);
  return (
    <Combobox.Dropdown>
      <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
        {groups.length === 0 ? (
          <EmptyState
            query={query}
            loaded={loaded.data}
            pending={loaded.isFetching}
            error={loaded.error}
          />
        ) : (
          groups.map((group) => (
            <Combobox.Group key={group.label} label={group.label}>
              {group.options.map((option) => (
                <Combobox.Option
                  key={option.value}
                  value={option.value}
                  aria-label={`${option.label} ${option.detail}${isFollowed(option) ? ' · followed' : ''}`}
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    {option.follow && (
                      // A click follows without opening the result or leaving the box.
                      <FollowOptionStar
                        kind={option.follow.kind}
                        followKey={option.follow.key}
                        label={option.follow.label}
                        accountId={option.follow.accountId}
                      />
                    )}
                    <div>
                      <Text size="sm">{option.label}</Text>
                      <Text size="xs" c="dimmed">
                        {option.detail}
                      </Text>
                    </div>
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))
        )}
      </Combobox.Options>
      {loaded.data && !loaded.data.complete && (
        <Combobox.Footer>
          <Text size="xs" c="dimmed">
            Searches the latest filings read (not every 13F row).
          </Text>
        </Combobox.Footer>
      )}
    </Combobox.Dropdown>
  );
}

/**
 * Opens a pick's target: an account's page, the security view of a CUSIP, or a query in its
 * module's workspace.
 */
function goTo(navigate: ReturnType<typeof useNavigate>, target: SearchOption['target']) {
  if ('account' in target) {
    // A new view: the layout moves focus to its heading (app-layout.tsx).
    void navigate({ to: '/account/$id', params: { id: target.account } });
    return;
  }
  if ('cusip' in target) {
    // A new view: the layout moves focus to its heading (app-layout.tsx).
    void navigate({
      to: '/security',
      search: { v: ANALYSIS_LINK_VERSION, cusip: target.cusip, period: target.period },
    });
    return;
  }
  void navigate({
    to: '/q/$module',
    params: { module: target.module },
    hash: encodeWorkspaceLink({ v: 1, module: target.module, body: target.body }),
  });
  // The query runs on arrival: once it has, focus moves from the box to the result's heading
  // (never to <body>). Asked for only once the navigation is under way.
  requestResultFocus();
}

/**
 * Whether a key opens the first match: Enter with nothing highlighted (the combobox itself only
 * opens a highlighted one), not while an IME is composing a character.
 */
function opensFirst(event: KeyboardEvent<HTMLInputElement>, combobox: ComboboxStore): boolean {
  return (
    event.key === 'Enter' &&
    !event.nativeEvent.isComposing &&
    combobox.getSelectedOptionIndex() === -1
  );
}

/** `/` focuses the box and selects its text: what is typed next replaces the last search. */
function useSlashFocus(input: RefObject<HTMLInputElement | null>) {
  useHotkeys([
    [
      '/',
      () => {
        input.current?.focus();
        input.current?.select();
      },
    ],
  ]);
}

/**
 * The header's search box (`/` focuses it): a filer opens its latest portfolio, a security (by
 * ticker, CUSIP or issuer) its holders in its latest period, an account (by any name it had, or
 * its ID) its page or its related queries.
 * The index is read from the service the first time the box is focused, then kept.
 */
export function GlobalSearch({
  useCompleteQuarter,
}: {
  /**
   * The latest complete 13F quarter (undefined while unknown), read once `wanted` is true: the
   * 13F feature's, which the app passes in (features do not import each other).
   */
  useCompleteQuarter: (wanted: boolean) => string | null | undefined;
}) {
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
    },
  });
  const loaded = useSearchIndex(wanted);
  const upTo = useCompleteQuarter(wanted);
  const groups = useMemo(
    () =>
      loaded.data ? groupsOf(searchIndex(loaded.data.index, query), loaded.data.index, upTo) : [],
    [loaded.data, query, upTo],
  );
  const listed = groups.flatMap((group) => group.options);
  const options = new Map(listed.map((o) => [o.value, o]));
  const first = listed[0];

  useSlashFocus(input);

  const open = (value: string) => {
    const option = options.get(value);
    if (!option) return;
    setQuery('');
    combobox.closeDropdown();
    goTo(navigate, option.target);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={open} width={440} position="bottom-start">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={input}
          size="xs"
          w={{ base: 180, lg: 300 }}
          aria-label="Search filers, securities and accounts"
          placeholder="Search filer, ticker…"
          value={query}
          rightSection={<Kbd size="xs">/</Kbd>}
          rightSectionPointerEvents="none"
          onFocus={() => {
            setWanted(true);
            combobox.openDropdown();
          }}
          onClick={() => {
            combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
          }}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex('active');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') input.current?.blur();
            if (opensFirst(event, combobox) && first) {
              event.preventDefault();
              open(first.value);
            }
          }}
        />
      </Combobox.Target>
      <SearchDropdown groups={groups} query={query} loaded={loaded} />
    </Combobox>
  );
}

import { useUncontrolled } from '@mantine/hooks';
import { useCallback } from 'react';
import type { ChartSettings } from '../../lib/url-state/workspace-view.ts';

/** A chart's settings and how to change some of them (the rest are kept). */
export interface ChartSettingsProps {
  readonly settings: ChartSettings;
  readonly onSettingsChange: (patch: ChartSettings) => void;
}

const NO_SETTINGS: ChartSettings = {};

/**
 * The charts' settings (tab, top N, filer, period…): the caller's when given (the workspace
 * keeps them in its link), else kept here. A link may carry anything, so every read below
 * falls back to a default for a value it does not know.
 */
export function useChartSettings(
  value: ChartSettings | undefined,
  onChange: ((next: ChartSettings) => void) | undefined,
): ChartSettingsProps {
  const [settings, setSettings] = useUncontrolled<ChartSettings>({
    value,
    defaultValue: NO_SETTINGS,
    onChange,
  });
  const onSettingsChange = useCallback(
    (patch: ChartSettings) => {
      setSettings({ ...settings, ...patch });
    },
    [settings, setSettings],
  );
  return { settings, onSettingsChange };
}

/** A setting that must be one of `allowed`; `fallback` when absent or unknown. */
export function choiceSetting<T extends string>(
  settings: ChartSettings,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = settings[name];
  return allowed.find((choice) => choice === String(value)) ?? fallback;
}

/** A yes/no setting; false when absent. */
export function flagSetting(settings: ChartSettings, name: string): boolean {
  return settings[name] === true;
}

/** A text setting (a filer, a period, a CUSIP); undefined when absent or not text. */
export function textSetting(settings: ChartSettings, name: string): string | undefined {
  const value = settings[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

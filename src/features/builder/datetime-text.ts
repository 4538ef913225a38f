/**
 * Conversions between the wire forms of dates and date-times and what the date inputs show.
 * Pure string work: no time zone is applied, so a value never shifts by the viewer's offset.
 */

import { isCalendarDay } from '#contract/values';

const ISO_PARTS = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(Z|[+-]\d{2}:?\d{2})$/i;

/** A date-time as the input shows it (`YYYY-MM-DD HH:mm:ss`) and the offset it was sent with. */
export interface WallTime {
  readonly wall: string;
  /** `+01:00`, `-05:00`, `Z`; undefined for SQL date-times, which carry none. */
  readonly offset: string | undefined;
}

/** Splits an ISO 8601 date-time with offset into wall time and offset; other text as is. */
export function splitIso(value: string): WallTime {
  const match = ISO_PARTS.exec(value);
  if (!match) return { wall: value, offset: undefined };
  const [, day = '', time = '', offset = ''] = match;
  const seconds = time.length === 5 ? `${time}:00` : time;
  return { wall: `${day} ${seconds}`, offset: offset.toUpperCase() };
}

/** The viewer's offset at a wall time, as `+HH:MM`, for a new ISO value. */
export function localOffset(wall: string): string {
  const date = new Date(wall.replace(' ', 'T'));
  const minutes = Number.isNaN(date.getTime()) ? 0 : -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Joins a wall time and an offset into the ISO form `YYYY-MM-DDTHH:mm:ss±HH:MM`. */
export function joinIso(wall: string, offset: string): string {
  return `${wall.replace(' ', 'T')}${offset}`;
}

const DAY_TEXT = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/**
 * Reads a day an analyst typed, `YYYY-MM-DD` (also `2025-1-5` or `2025/01/05`), as
 * `YYYY-MM-DD`; null when the text is no day on the calendar.
 */
export function parseDay(text: string): string | null {
  const match = DAY_TEXT.exec(text.trim());
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

const WALL = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads what an analyst typed into a date-time input: `YYYY-MM-DD[ HH:mm[:ss]]`; null when it
 * is no such text, or names no real day or time of day.
 */
export function parseWallTime(text: string): string | null {
  const match = WALL.exec(text.trim());
  if (!match) return null;
  const [, day = '', hh = '00', mm = '00', ss = '00'] = match;
  if (parseDay(day) === null || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  return `${day} ${hh}:${mm}:${ss}`;
}

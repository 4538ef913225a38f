/** Log levels, most verbose first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Writes one event with its fields. */
type LogFunction = (event: string, fields?: Record<string, unknown>) => void;

/** A structured logger: one JSON line per event. Never pass tokens, passwords or bodies. */
export interface Logger {
  readonly debug: LogFunction;
  readonly info: LogFunction;
  readonly warn: LogFunction;
  readonly error: LogFunction;
}

/**
 * A logger writing JSON lines to stdout (stderr for warnings and errors). `fields` go on every
 * line: the proxy's processes each name their pid, so a line says which process wrote it.
 */
export function createLogger(level: LogLevel, fields: Record<string, unknown> = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write =
    (at: LogLevel) =>
    (event: string, eventFields: Record<string, unknown> = {}) => {
      if (LOG_LEVELS.indexOf(at) < threshold) return;
      const line = `${JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields, ...eventFields })}\n`;
      (at === 'warn' || at === 'error' ? process.stderr : process.stdout).write(line);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

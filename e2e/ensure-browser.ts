// Makes sure Playwright has a Chromium to drive before the end-to-end tests start: the system's
// (CHROMIUM_PATH or /usr/bin/chromium) when present, otherwise Playwright's own, downloaded once.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const system = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);
if (!system) {
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

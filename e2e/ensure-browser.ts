// Makes sure Playwright has a Chromium to drive before the end-to-end tests start: the system's
// when present, otherwise Playwright's own, downloaded once.
import { execFileSync } from 'node:child_process';
import { chromiumLaunchOptions } from '../testing/chromium.ts';

if (chromiumLaunchOptions.executablePath === undefined) {
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

/**
 * `npm start`: the app and the API. It serves only the build in dist/, rebuilding it first when it
 * is older than its sources (after a `git pull`), and never the sources themselves.
 */
import { BuildFailed, ensureCurrentBuild } from './build.ts';
import { launch, loadConfigOrExit } from './launch.ts';

const config = loadConfigOrExit();
try {
  await ensureCurrentBuild((line) => {
    process.stdout.write(`${line}\n`);
  });
} catch (error) {
  console.error(error instanceof BuildFailed ? error.message : error);
  process.exit(1);
}
await launch(config, 'dist');

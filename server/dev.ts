/**
 * `npm run dev`: the app compiled on the fly by Vite's dev server, with hot reload. The dev server
 * reads the project's sources (within vite.config.ts's `server.fs` allow list) and relaxes the CSP
 * for its inline preamble and WebSocket, so it only ever listens on this machine.
 */
import { isLoopbackHost } from './config.ts';
import { launch, loadConfigOrExit } from './launch.ts';

const config = loadConfigOrExit();
if (!isLoopbackHost(config.HOST)) {
  console.error(
    [
      `HOST=${JSON.stringify(config.HOST)}: npm run dev listens only on a loopback address ` +
        '(127.0.0.1, ::1 or localhost),',
      "because Vite's development server hands out the app's sources.",
      'To share the app on a network, run `npm start` (it serves the build).',
    ].join('\n'),
  );
  process.exit(1);
}
console.warn(
  [
    '',
    "  This is a development server (Vite): it compiles the app's sources on the fly, with a",
    '  relaxed CSP. Use it on this machine only; `npm start` serves the build.',
  ].join('\n'),
);
await launch(config, 'vite');

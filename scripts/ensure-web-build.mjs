// Builds the web app before `npm start` when its build is missing or older than its sources,
// so a fresh clone serves the app and a rebuild is paid only after a change.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
// The server's render of a shared link's first screen, built with the app (apps/web/src/ssr).
const serverRender = join(root, 'apps/web/dist-ssr/render-first-screen.js');

/** Every input of the web build, including the shared packages it bundles. */
function sources() {
  const packages = join(root, 'packages');
  const packageSources = existsSync(packages)
    ? readdirSync(packages).map((name) => join(packages, name, 'src'))
    : [];
  return [
    join(root, 'apps/web/src'),
    join(root, 'apps/web/index.html'),
    join(root, 'apps/web/vite.config.ts'),
    join(root, 'apps/web/build'),
    join(root, 'apps/web/public'),
    ...packageSources,
  ];
}

/** The newest modification time under `path` in ms; 0 when it does not exist. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function reasonToBuild() {
  if (!existsSync(built)) return 'apps/web/dist/index.html is missing';
  if (!existsSync(serverRender)) return 'apps/web/dist-ssr/render-first-screen.js is missing';
  const builtAt = statSync(built).mtimeMs;
  const newer = sources().find((path) => newestChange(path) > builtAt);
  return newer ? `${newer.slice(root.length)} changed since the last build` : null;
}

if (process.env.WEB_DIST_DIR) {
  // A deployment that points the server at its own build keeps it; apps/web is not used.
  console.log(`Web app: using WEB_DIST_DIR=${process.env.WEB_DIST_DIR}, not building apps/web.`);
} else {
  const reason = reasonToBuild();
  if (reason === null) {
    console.log('Web app: the build in apps/web/dist is up to date, not building.');
  } else {
    console.log(`Web app: building, because ${reason}.`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '--workspace', '@quits/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

import { execFileSync } from 'node:child_process';

/** The commit the figures were measured on, marked when the server's sources had changes. */
export function codeRevision(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'apps', 'packages') !== '';
    return changed ? `${commit} with uncommitted changes in apps/ or packages/` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

// `pnpm dev`: the API with reload on :8080 (PGlite under ./.data), and the website (:5173) and
// Mini App (:5174) on Vite dev servers with hot reload; both proxy /api to the API.
import { spawn } from 'node:child_process';
import { ensureInstalled, log, pnpmCommand, root } from './lib.mjs';

await ensureInstalled();
const [pnpm, ...pre] = pnpmCommand();
const procs = [
  ['api', ['--filter', '@khel/api', 'dev']],
  ['web', ['--filter', '@khel/web', 'dev', '--port', '5173', '--strictPort']],
  ['tma', ['--filter', '@khel/miniapp', 'dev', '--port', '5174', '--strictPort']],
].map(([name, args]) => {
  const child = spawn(pnpm, [...pre, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}/.data`, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${name.padEnd(3)} │ ${line}\n`);
    });
  }
  child.on('exit', (code) => log(`${name} exited (${code})`));
  return child;
});
log('website http://localhost:5173/ · Mini App http://localhost:5174/tma/ · API http://localhost:8080/api/');
const stopAll = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

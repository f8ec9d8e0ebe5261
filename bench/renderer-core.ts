import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Gives the page's renderer CPU cores that nothing else of the bench uses, as on a phone, where the page's main
 * thread does not share a core with the browser's own processes, the display compositor, the server it talks to
 * or Lighthouse (bench/README.md, "A core for the page").
 *
 * Every process of this bench's tree is checked every 100 ms: Chromium's renderers and zygotes (renderers are
 * forked from them) go to CPUs 1…, everything else (this process and Lighthouse in it, the app server, Chromium's
 * browser, GPU and utility processes) to CPU 0. Linux with `taskset` (util-linux) and two cores or more;
 * elsewhere it does nothing and says so.
 */
export interface RendererCore {
  /** One line for the bench's output: what was done. */
  readonly note: string;
  stop(): void;
}

const RENDERER = /--type=(renderer|zygote)\b/;

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** The processes under `root` (its descendants and itself), from /proc's parent links. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readProc(entry, 'stat');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid)) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

export function keepACoreForTheRenderer(): RendererCore {
  const cores = availableParallelism();
  if (process.platform !== 'linux' || cores < 2 || !existsSync('/usr/bin/taskset')) {
    return { note: 'renderer core: not set (needs Linux, taskset and 2 cores)', stop: () => {} };
  }
  // CPU 0 for everything else; CPUs 1… for the renderers (a zygote's renderers inherit its mask at fork).
  const others = '1';
  const renderers = (((1 << Math.min(cores, 31)) - 1) & ~1).toString(16);
  const pinned = new Set<number>();
  const pin = () => {
    for (const pid of processTree(process.pid)) {
      if (pinned.has(pid)) continue;
      const cmdline = readProc(String(pid), 'cmdline').replaceAll('\0', ' ');
      // Not the taskset calls of this very loop (children of this process too).
      if (!cmdline || cmdline.startsWith('taskset ')) continue;
      pinned.add(pid);
      // -a: every thread of the process; threads made later inherit their creator's mask.
      execFile('taskset', ['-a', '-p', RENDERER.test(cmdline) ? renderers : others, String(pid)], () => {});
    }
  };
  pin();
  const timer = setInterval(pin, 100);
  timer.unref();
  return {
    note: `renderer core: Chromium's renderers on CPU ${cores > 2 ? `1–${cores - 1}` : '1'}, the bench, its server and Chromium's other processes on CPU 0 (BENCH_LIGHTHOUSE_CORE=false: all share every core)`,
    stop: () => clearInterval(timer),
  };
}

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

/*
 * A slow phone, for the browser this bench started: its processes (workers included) moved into
 * a Linux CPU cgroup allowed a share of one core. CDP's CPU throttling slows only a page's main
 * thread, so a worker's work would not be slowed by it. Needs a writable cgroup (v1 or v2):
 * where there is none, the figures say so instead of pretending.
 */

/** Short, so the limit slows work evenly rather than stalling it for tens of milliseconds. */
const PERIOD_US = 4_000;

function childrenOf(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command may hold spaces and brackets: the parent pid follows the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while being read.
    }
  }
  return children;
}

/** This process's descendants whose command starts with "chrom". */
function browserProcesses(): number[] {
  const children = childrenOf();
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        if (readFileSync(`/proc/${child}/comm`, 'utf8').startsWith('chrom')) found.push(child);
      } catch {
        continue;
      }
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

/** The cgroup directory and how to set its quota, v2 first. */
function makeGroup(share: number): { dir: string; parent: string } | null {
  const quota = Math.round(PERIOD_US * share);
  const layouts = [
    { parent: '/sys/fs/cgroup', file: 'cpu.max', value: `${quota} ${PERIOD_US}` },
    { parent: '/sys/fs/cgroup/cpu', file: 'cpu.cfs_quota_us', value: String(quota) },
  ];
  for (const { parent, file, value } of layouts) {
    const dir = `${parent}/torque-bench`;
    try {
      if (!existsSync(`${parent}/cgroup.procs`)) continue;
      mkdirSync(dir, { recursive: true });
      if (file === 'cpu.cfs_quota_us') writeFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
      writeFileSync(`${dir}/${file}`, value);
      return { dir, parent };
    } catch {
      continue;
    }
  }
  return null;
}

/**
 * Runs `work` with the browser limited to 1/`slowdown` of one core; null when this machine
 * cannot limit it.
 */
export async function withSlowCpu<T>(slowdown: number, work: () => Promise<T>): Promise<T | null> {
  const group = makeGroup(1 / slowdown);
  const pids = browserProcesses();
  if (!group || pids.length === 0) return null;
  const move = (dir: string) => {
    let moved = 0;
    for (const pid of pids) {
      try {
        writeFileSync(`${dir}/cgroup.procs`, String(pid));
        moved++;
      } catch {
        // Gone already, or not ours to move: nothing to slow or to set free.
      }
    }
    return moved;
  };
  if (move(group.dir) === 0) return null;
  try {
    return await work();
  } finally {
    move(group.parent);
  }
}

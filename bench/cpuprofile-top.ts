/**
 * `npx tsx bench/cpuprofile-top.ts <file.cpuprofile> [top]` — self time of a V8 CPU profile
 * (`node --cpu-prof`, or `BOT_PROFILE=dir npm run bench:load`) summed by function and by file,
 * largest first, as shares of the profile's samples. Node's own code is grouped as `node:…`,
 * dependencies by package (`pkg:discord.js`), ours by path under src/ (or test/, bench/).
 */
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const [file, topArg] = process.argv.slice(2);
if (!file) { console.error('usage: npx tsx bench/cpuprofile-top.ts <file.cpuprofile> [top]'); process.exit(2); }
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Self time per node: each sample's time delta is charged to the node sampled.
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives, shortened: a package, a node: module, or our path. */
function place(url: string): string {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  const ours = /\/((?:src|test|bench)\/.*)$/.exec(url);
  return ours ? ours[1]! : url;
}
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const where = place(n.callFrame.url);
  const fn = `${n.callFrame.functionName || '(anonymous)'}  ${where}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byFile.set(where, (byFile.get(where) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled (wall ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s)`);
// Self time charged to the nearest caller of ours (src/, commands/): what a library, SQLite or
// the GC costs on behalf of which of our functions. Profiles of tsx-compiled code report line 1.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const ours = (url: string) => /\/(src|commands)\//.test(url) && !url.includes('node_modules');
const byOurCaller = new Map<string, number>();
for (const [id, us] of self) {
  let at: number | undefined = id;
  const chain: string[] = [];
  while (at !== undefined && chain.length < 2) {
    const n = byId.get(at)!;
    if (ours(n.callFrame.url)) chain.push(`${n.callFrame.functionName || '(anonymous)'} ${place(n.callFrame.url)}`);
    at = parent.get(at);
  }
  const key = chain.length ? chain.join(' < ') : byId.get(id)!.callFrame.functionName || '(anonymous)';
  byOurCaller.set(key, (byOurCaller.get(key) ?? 0) + us);
}
show('self time by file / package', byFile);
show('self time by function', byFunction);
show('self time by the nearest two of our frames (our function < its caller of ours)', byOurCaller);

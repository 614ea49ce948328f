import { buildSync } from 'esbuild';
import { esbuildOptions } from '/work/main/infra/lib/function-bundling.ts';
const { metafile } = buildSync({ ...esbuildOptions(process.argv[2]!, '/tmp/mdb4'), write: false });
const rows: [string, number][] = [];
for (const o of Object.values(metafile!.outputs)) for (const [f, v] of Object.entries(o.inputs)) if (!f.includes('node_modules')) rows.push([f, v.bytesInOutput]);
rows.sort((a, b) => b[1] - a[1]);
console.log(rows.slice(0, 25).map(([k, v]) => `${v} ${k}`).join('\n'));
const nm = new Map<string, number>();
for (const o of Object.values(metafile!.outputs)) for (const [f, v] of Object.entries(o.inputs)) if (f.includes('node_modules')) { const p = f.split('node_modules/').at(-1)!.split('/'); const k = p[0]!.startsWith('@') ? p.slice(0, 2).join('/') : p[0]!; nm.set(k, (nm.get(k) ?? 0) + v.bytesInOutput); }
console.log([...nm].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v} ${k}`).join('\n'));

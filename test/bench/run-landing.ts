import { benchLanding } from './landing';

/** By hand: `npx tsx test/bench/run-landing.ts` prints the landing page's numbers against the targets. */
const result = await benchLanding();
const line = (label: string, value: string, ok: boolean) => console.log(`${ok ? 'ok  ' : 'MISS'} ${label.padEnd(28)} ${value}`);
for (const s of result.scripts) console.log(`     ${s.file.padEnd(48)} ${s.kbGzip.toFixed(1)} KB gzip`);
line('initial JS (gzip)', `${result.initialJsKbGzip} KB (target <= 100)`, result.initialJsKbGzip <= 100);
line('maplibre kept out of it', result.maplibreInInitial ? 'no' : 'yes', !result.maplibreInInitial);
line('largest contentful paint', `${result.lcpMs} ms (target <= 1000)`, result.lcpMs <= 1000);
line('cumulative layout shift', String(result.cls), result.cls <= 0.1);
process.exit(0);

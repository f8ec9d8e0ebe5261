/**
 * POG avatar face check benchmark (apps/api/src/modules/pog/avatar/face-check.ts): what the first check in a
 * process costs (it loads Human, TensorFlow.js's WebAssembly backend and the BlazeFace model, then checks one
 * photo) against a later check, which reuses the loaded model, and against decoding the same photo alone with
 * sharp (the floor under any check), all measured in the same run. It prints figures; it is not a test,
 * asserts no time and exits 0 whatever it finds. (face-check.test.ts asserted "a later check takes under half
 * the first" until the timing moved here.)
 *
 *   pnpm --filter @khel/bench bench:face-check
 *
 * BENCH_FACE_CHECKS (20): later checks and decodes timed, taking turns; medians are printed.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { countFaces, decodeRgb } from '@khel/api/modules/pog/avatar/face-check.ts';
import { positive } from './support.ts';

const CHECKS = Math.round(positive('BENCH_FACE_CHECKS', 20));
/** The side face-check.ts fits a photo in before detection. */
const DETECTION_SIDE = 512;

const photo = new Uint8Array(
  readFileSync(
    new URL(
      './test-images/face-astronaut.jpg',
      import.meta.resolve('@khel/api/modules/pog/avatar/face-check.ts'),
    ),
  ),
);

const time = async (op: () => Promise<unknown>) => {
  const started = performance.now();
  await op();
  return performance.now() - started;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
const times = (n: number) => `${n < 0.1 ? n.toFixed(3) : n.toFixed(2)} ×`;

console.log(
  `face-check bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
    `${CHECKS} later checks (ratios against figures of this run)`,
);

// sharp loads on the first decode: out of the way, so that the first check is Human's load and one photo.
const sharpLoadMs = await time(() => decodeRgb(photo, DETECTION_SIDE, 'inside'));
let faces = 0;
const firstMs = await time(async () => {
  faces = await countFaces(photo);
});

const later: number[] = [];
const decodes: number[] = [];
for (let i = 0; i < CHECKS; i++) {
  later.push(await time(() => countFaces(photo)));
  decodes.push(await time(() => decodeRgb(photo, DETECTION_SIDE, 'inside')));
}
const laterMs = median(later);
const decodeMs = median(decodes);

const row = (label: string, figure: number, ratios: string[] = []) =>
  console.log(
    `  ${label.padEnd(56)}${ms(figure).padStart(10)}${ratios.length ? `  = ${ratios.join(', ')}` : ''}`,
  );
row(`decode alone (sharp, fit in ${DETECTION_SIDE}×${DETECTION_SIDE}), median`, decodeMs);
row(`first check (loads Human and the model; ${faces} face found)`, firstMs, [
  `${times(firstMs / decodeMs)} decode`,
]);
row('later check, median', laterMs, [
  `${times(laterMs / firstMs)} the first check`,
  `${times(laterMs / decodeMs)} decode`,
]);
console.log(`  (loading sharp with the first decode took ${ms(sharpLoadMs)})`);

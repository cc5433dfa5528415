/**
 * Draws the app icons into public/icons/ (run: node --import tsx tests/bench/make-icons.ts).
 * A tiny PNG encoder keeps the build free of image tools; only the resulting PNGs are committed.
 */
import { crc32, deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Point = readonly [number, number];
type Rgb = readonly [number, number, number];

const BRAND: Rgb = [0x1f, 0x4e, 0x79];
const WHITE: Rgb = [0xff, 0xff, 0xff];
/** The check mark in unit coordinates (0..1), as a polyline. */
const CHECK: readonly Point[] = [
  [0.27, 0.53],
  [0.43, 0.69],
  [0.74, 0.35],
];
const CHECK_HALF_WIDTH = 0.06;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes 8-bit RGBA pixels (row-major) as a PNG file. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function distanceToRoundedSquare(p: Point, inset: number, radius: number): number {
  const half = 0.5 - inset;
  const qx = Math.abs(p[0] - 0.5) - (half - radius);
  const qy = Math.abs(p[1] - 0.5) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Coverage of a shape at a pixel from its signed distance in unit coordinates: a one-pixel anti-aliased edge. */
function coverage(distance: number, size: number): number {
  return Math.max(0, Math.min(1, 0.5 - distance * size));
}

/**
 * maskable: the background fills the canvas (the platform applies its own mask) and the mark
 * shrinks into the central safe zone; otherwise a rounded square on transparency.
 */
function drawIcon(size: number, maskable: boolean): Uint8Array {
  const markScale = maskable ? 0.72 : 1;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p: Point = [(x + 0.5) / size, (y + 0.5) / size];
      const background = maskable ? 1 : coverage(distanceToRoundedSquare(p, 0.03, 0.2), size);
      const markPoint: Point = [0.5 + (p[0] - 0.5) / markScale, 0.5 + (p[1] - 0.5) / markScale];
      const markDistance = Math.min(...CHECK.slice(1).map((b, i) => distanceToSegment(markPoint, CHECK[i] as Point, b))) - CHECK_HALF_WIDTH;
      const mark = coverage(markDistance * markScale, size);
      const offset = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round((BRAND[c] as number) * (1 - mark) + (WHITE[c] as number) * mark);
      pixels[offset + 3] = Math.round(255 * background);
    }
  }
  return pixels;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;

for (const { file, size, maskable } of ICONS) {
  const target = fileURLToPath(new URL(`../../public/icons/${file}`, import.meta.url));
  writeFileSync(target, encodePng(size, size, drawIcon(size, maskable)));
  console.log(`wrote ${target}`);
}

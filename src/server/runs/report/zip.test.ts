import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createZip } from './zip';

/** Reads an archive the way unzip does: from the end record through the central directory to each local entry. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let central = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(central)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(central + 28);
    const name = zip.subarray(central + 46, central + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(central + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const compressedSize = zip.readUInt32LE(local + 18);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(start, start + compressedSize));
    expect(data.length).toBe(zip.readUInt32LE(local + 22));
    expect(crc32(data)).toBe(zip.readUInt32LE(central + 16));
    files.set(name, data);
    central += 46 + nameLength + zip.readUInt16LE(central + 30) + zip.readUInt16LE(central + 32);
  }
  return files;
}

describe('createZip', () => {
  it('writes an archive whose directory, sizes and checksums give the files back byte for byte', () => {
    const big = 'report line\n'.repeat(5000);
    const zip = createZip([
      { name: 'a é.html', data: Buffer.from('<p>é</p>') },
      { name: 'b.html', data: Buffer.from(big) },
    ]);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(['a é.html', 'b.html']);
    expect(files.get('a é.html')?.toString()).toBe('<p>é</p>');
    expect(files.get('b.html')?.toString()).toBe(big);
    expect(zip.length).toBeLessThan(big.length / 10);
  });
});

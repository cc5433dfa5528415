import { open } from 'node:fs/promises';

/** Node's own writable high-water mark: the server stays about one chunk ahead of the socket. */
const CHUNK_BYTES = 16 * 1024;

/**
 * Bytes start..end (inclusive) of a file as a stream read on demand: nothing is read ahead of what the network
 * takes (high-water mark 0), so a download cut short has read, and counted through `onChunk`, little more than it
 * sent. The stream closes the file when it ends, fails, or is cancelled (the client went away).
 */
export async function openFileRange(path: string, start: number, end: number, onChunk: (bytes: number) => void): Promise<ReadableStream<Uint8Array>> {
  const file = await open(path, 'r');
  let position = start;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const length = Math.min(CHUNK_BYTES, end + 1 - position);
        if (length <= 0) {
          await file.close();
          controller.close();
          return;
        }
        const buffer = new Uint8Array(length);
        const { bytesRead } = await file.read(buffer, 0, length, position);
        if (bytesRead === 0) {
          await file.close();
          controller.error(new Error(`${path} ended before byte ${position}`));
          return;
        }
        position += bytesRead;
        onChunk(bytesRead);
        controller.enqueue(buffer.subarray(0, bytesRead));
      },
      async cancel() {
        await file.close();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 0 }),
  );
}

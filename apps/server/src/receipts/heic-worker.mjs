// Decodes one HEVC-coded HEIF image (an iPhone photo) in a worker thread, then exits. libheif
// in WebAssembly takes seconds on a phone photo: on the main thread it would hold up every
// other request. Exiting returns its WebAssembly memory, which never shrinks while it lives.
// Plain JavaScript, so that it starts the same under tsx, in tests and in production.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const image = await decode({ buffer: workerData });
parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [
  image.data.buffer,
]);

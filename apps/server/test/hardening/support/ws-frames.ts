/** WebSocket frames built byte by byte (RFC 6455), so that a fuzz can also build broken ones. */

export const Opcode = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 };

export interface FrameShape {
  opcode: number;
  payload: Buffer;
  fin?: boolean;
  /** RSV1–3 as bits 4–6 of the first byte; a server without extensions refuses any. */
  reserved?: number;
  /** A client must mask; false sends it bare, which a server must refuse. */
  masked?: boolean;
  /** The length the header claims, when it should lie. */
  claimedLength?: number;
}

/** One frame as a client sends it (masked with a fixed key unless told otherwise). */
export function clientFrame(shape: FrameShape): Buffer {
  const { opcode, payload, fin = true, reserved = 0, masked = true } = shape;
  const length = shape.claimedLength ?? payload.length;
  const first = (fin ? 0x80 : 0) | ((reserved & 7) << 4) | (opcode & 0x0f);
  const maskBit = masked ? 0x80 : 0;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([first, maskBit | length]);
  } else if (length < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (key[index % 4] ?? 0)));
  return Buffer.concat([header, key, body]);
}

export const textFrame = (text: string) =>
  clientFrame({ opcode: Opcode.text, payload: Buffer.from(text) });

/** What a server sent: text messages, and the close code if it closed (null: none given). */
export interface ServerFrames {
  texts: string[];
  closeCode: number | null | undefined;
}

/**
 * Reads the server's (unmasked) frames from the bytes after the handshake; what is left over is
 * an incomplete frame still arriving.
 */
export function readServerFrames(bytes: Buffer, into: ServerFrames): Buffer {
  let offset = 0;
  for (;;) {
    if (bytes.length - offset < 2) break;
    const opcode = (bytes[offset] ?? 0) & 0x0f;
    let length = (bytes[offset + 1] ?? 0) & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (bytes.length < start + 2) break;
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (bytes.length < start + 8) break;
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (bytes.length < start + length) break;
    const payload = bytes.subarray(start, start + length);
    if (opcode === Opcode.text) into.texts.push(payload.toString('utf8'));
    if (opcode === Opcode.close)
      into.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : null;
    offset = start + length;
  }
  return bytes.subarray(offset);
}

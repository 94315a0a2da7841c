import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';

/** A browser's side of a push subscription: its P-256 key pair and 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As `PushSubscription.toJSON().keys` gives them: base64url. */
  json: { p256dh: string; auth: string };
}

export function makeBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a push message as the browser does: aes128gcm content coding (RFC 8188) with the
 * Web Push key derivation (RFC 8291). The header carries the salt, the record size and the
 * application server's public key, which with the browser's private key gives the secret.
 */
export function decryptPushMessage(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`the key id is ${keyIdLength} bytes, not a P-256 key`);

  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = hkdf(keys.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    offset += recordSize;
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // Padding: the data, then a delimiter (2 on the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const delimiter = plain[end];
    const last = offset >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error(`bad padding delimiter ${delimiter}`);
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The claims of a VAPID token (RFC 8292). */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks an `Authorization: vapid t=…, k=…` header as a push service does: `k` is the expected
 * key, and the JWT's ES256 signature verifies with it. Returns the token's claims.
 */
export function verifyVapidHeader(authorization: string, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('the header carries another key');
  const [header, payload, signature] = match[1].split('.') as [string, string, string];
  const { alg, typ } = JSON.parse(Buffer.from(header, 'base64url').toString()) as {
    alg: string;
    typ: string;
  };
  if (alg !== 'ES256' || typ !== 'JWT') throw new Error(`unexpected JWT header ${alg} ${typ}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
}

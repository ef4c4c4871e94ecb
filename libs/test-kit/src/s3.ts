// Just enough of the S3 API (AWS Signature V4, node:crypto only) for tests against MinIO.
import { createHash, createHmac } from 'node:crypto';
import { infraConfig, type InfraProfile } from './config';

export interface SigV4Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
}

export interface SignableRequest {
  method: string;
  url: string;
  /** Headers to sign (host and x-amz-date are added). */
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (also encodes !'()*). */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Pure: SigV4 headers (Authorization, X-Amz-Date, plus the given ones) for a request. */
export function signV4(
  req: SignableRequest,
  creds: SigV4Credentials,
  now: Date = new Date(),
): Record<string, string> {
  const url = new URL(req.url);
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {
    ...(req.headers ?? {}),
    host: url.host,
    'x-amz-date': date,
  };
  const lower = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
  );
  const names = Object.keys(lower).sort();
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = url.pathname
    .split('/')
    .map((seg) => uriEncode(decodeURIComponent(seg)))
    .join('/');
  const payloadHash = lower['x-amz-content-sha256'] ?? sha256Hex(req.body ?? '');
  const canonicalRequest = [
    req.method.toUpperCase(),
    path || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${creds.secretKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, creds.region), creds.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return {
    ...headers,
    Authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export interface S3Client {
  endpoint: string;
  request(
    method: string,
    path: string,
    body?: string | Buffer,
    headers?: Record<string, string>,
  ): Promise<Response>;
  listBuckets(): Promise<string[]>;
  bucketExists(bucket: string): Promise<boolean>;
}

/** A path-style S3 client for the local MinIO of `profile` (default: test). */
export function s3(profile: InfraProfile = 'test'): S3Client {
  const m = infraConfig(profile).minio;
  const creds: SigV4Credentials = {
    accessKey: m.accessKey,
    secretKey: m.secretKey,
    region: m.region,
    service: 's3',
  };
  const request = async (
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ) => {
    const url = `${m.endpoint}${path.startsWith('/') ? path : `/${path}`}`;
    const signed = signV4(
      { method, url, body, headers: { ...headers, 'x-amz-content-sha256': sha256Hex(body ?? '') } },
      creds,
    );
    delete signed.host;
    return fetch(url, {
      method,
      headers: signed,
      body: body === undefined ? undefined : new Uint8Array(Buffer.from(body)),
    });
  };
  return {
    endpoint: m.endpoint,
    request,
    async listBuckets() {
      const res = await request('GET', '/');
      const xml = await res.text();
      if (!res.ok) throw new Error(`S3 ListBuckets: HTTP ${res.status} ${xml}`);
      return [...xml.matchAll(/<Name>([^<]+)<\/Name>/g)].map((x) => x[1]);
    },
    async bucketExists(bucket: string) {
      const res = await request('HEAD', `/${bucket}`);
      await res.arrayBuffer();
      if (res.status === 200) return true;
      if (res.status === 404) return false;
      throw new Error(`S3 HeadBucket ${bucket}: HTTP ${res.status}`);
    },
  };
}

import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, MESSAGES, USER_ADMIN_MESSAGES } from '@portal/contract';
import { auditLog } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, type BuiltUser, type TestTokens, signedInAdmin } from '../../test/builders';
import { api } from '../../test/http';
import { STORED_LOGO_BOX, THUMBNAIL_HEIGHT } from './image';

const MARKER = 'secret-metadata-marker';

const png = () =>
  sharp({ create: { width: 400, height: 160, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: MARKER } } })
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 150, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: MARKER } } })
    .toBuffer();

/** A valid PNG of exactly `size` bytes: a private ancillary chunk (which decoders skip) pads it. */
function padPng(image: Buffer, size: number): Buffer {
  const iend = image.subarray(image.length - 12);
  const dataLength = size - image.length - 12;
  const type = Buffer.from('prVt');
  const data = Buffer.alloc(dataLength, 0x61);
  const header = Buffer.alloc(4);
  header.writeUInt32BE(dataLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  return Buffer.concat([image.subarray(0, image.length - 12), header, type, data, crc, iend]);
}

const form = (
  userId: number | string,
  file?: { bytes: Buffer; name: string; type?: string },
  extra: Record<string, string> = {},
) => {
  const body = new FormData();
  body.set('user_id', String(userId));
  body.set('type', 'logo');
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  if (file) body.set('file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  return body;
};

describe('logos', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let me: BuiltUser;
  let mine: TestTokens;
  let other: BuiltUser;
  let theirs: TestTokens;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
    me = await createUser(t);
    mine = await signIn(t, me);
    other = await createUser(t);
    theirs = await signIn(t, other);
  });

  const upload = (
    userId: number | string,
    file?: { bytes: Buffer; name: string; type?: string },
    tokens: TestTokens | null = mine,
    extra = {},
  ) => http.upload('files/logo', form(userId, file, extra), { headers: tokens?.headers });
  const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('takes a PNG, re-encodes it as PNG without its metadata, makes a thumbnail and serves both by capability URL', async () => {
    const res = await upload(me.id, { bytes: await png(), name: 'Our Logo.png' });
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({ user_id: me.id, file_name: 'Our Logo.png' });
    expect(file.public_url).toMatch(/^\/api\/v1\.0\/files\/public\/[\w-]{43}$/);
    expect(file.thumbnail_url).toBe(`${file.public_url}/thumbnail`);

    const image = await fetchUrl(file.public_url); // no Authorization header: <img> sends none
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(image.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(image.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(image.rawPayload.includes(MARKER)).toBe(false);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 160,
    });

    const again = await fetchUrl(file.public_url, { 'if-none-match': image.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(image.headers.etag);

    const thumb = await fetchUrl(file.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'png',
      height: THUMBNAIL_HEIGHT,
      width: 270,
    });

    const meNow = await http.get('auth/me', { headers: mine.headers });
    expect(meNow.json().data.logo).toEqual(file);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'files.logo_uploaded'), eq(auditLog.targetId, String(me.id))));
    expect(audit).toMatchObject({ actorId: me.id, details: { fileId: file.id, contentType: 'image/png' } });
  });

  it('keeps a JPEG a JPEG (whatever its name says), replaces the previous logo and retires its URLs', async () => {
    const first = (await upload(me.id, { bytes: await png(), name: 'a.png' })).json().data;
    const res = await upload(me.id, { bytes: await jpeg(), name: 'photo.png', type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const second = res.json().data;
    expect(second.id).not.toBe(first.id);
    expect(second.file_name).toBe('photo.jpg');
    const image = await fetchUrl(second.public_url);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 150,
    });
    expect(image.rawPayload.includes(MARKER)).toBe(false);
    expect((await fetchUrl(first.public_url)).statusCode).toBe(404);
    expect((await fetchUrl(first.thumbnail_url)).statusCode).toBe(404);
    const user = await http.get(`users/${me.id}`, { headers: admin.headers });
    expect(user.json().data.logo).toEqual(second);
  });

  it('refuses anything that is not PNG or JPEG by content (422 errors.file)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fakes = [
      { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' },
      { bytes: svg, name: 'logo.png', type: 'image/png' },
      { bytes: Buffer.from('just some text'), name: 'logo.png', type: 'image/png' },
      { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), name: 'logo.jpg', type: 'image/jpeg' },
      { bytes: Buffer.concat([(await png()).subarray(0, 40), Buffer.from('broken')]), name: 'cut.png' },
    ];
    for (const fake of fakes) {
      const res = await upload(me.id, fake);
      expect(res.statusCode, fake.name).toBe(422);
      expect(res.json().errors).toEqual({ file: [LOGO_MESSAGES.fileType] });
    }
    const missing = await upload(me.id);
    expect(missing.json().errors).toEqual({ file: [LOGO_MESSAGES.fileRequired] });
    const badType = await http.upload(
      'files/logo',
      (() => {
        const f = form(me.id);
        f.set('type', 'avatar');
        return f;
      })(),
      { headers: mine.headers },
    );
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toEqual({ type: [LOGO_MESSAGES.typeInvalid] });
    const extra = await upload(me.id, { bytes: await png(), name: 'a.png' }, mine, { is_public: '1' });
    expect(extra.json().errors).toEqual({ is_public: [USER_ADMIN_MESSAGES.fieldNotAllowed('is_public')] });
  });

  it('stores a large logo downscaled to what is shown (the thumbnail made from it)', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const res = await upload(me.id, { bytes: big, name: 'wide.png' });
    expect(res.statusCode).toBe(201);
    const { public_url: url, thumbnail_url: thumb } = res.json().data;
    const stored = await sharp((await fetchUrl(url)).rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([STORED_LOGO_BOX.height * 3, STORED_LOGO_BOX.height]);
    expect((await sharp((await fetchUrl(thumb)).rawPayload).metadata()).height).toBe(THUMBNAIL_HEIGHT);
  });

  it('answers two file parts with 422 on file (not 413), before reading the second', async () => {
    const body = form(me.id, { bytes: await png(), name: 'a.png' });
    body.append('file', new Blob([await png()], { type: 'image/png' }), 'b.png');
    const res = await http.upload('files/logo', body, { headers: mine.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [LOGO_MESSAGES.oneFile] });
    const three = form(me.id, { bytes: await png(), name: 'a.png' });
    three.append('other', new Blob([await png()], { type: 'image/png' }), 'b.png');
    three.append('more', new Blob([await png()], { type: 'image/png' }), 'c.png');
    expect((await http.upload('files/logo', three, { headers: mine.headers })).statusCode).toBe(422);
  });

  it('accepts exactly 10,240,000 bytes and answers 413 for one byte more', async () => {
    const base = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const exact = padPng(base, LOGO_MAX_BYTES);
    expect(exact.length).toBe(10_240_000);
    const ok = await upload(me.id, { bytes: exact, name: 'big.png' });
    expect(ok.statusCode).toBe(201);
    // Re-encoding dropped the padding chunk.
    expect((await fetchUrl(ok.json().data.public_url)).rawPayload.length).toBeLessThan(10_000);

    const over = await upload(me.id, { bytes: padPng(base, LOGO_MAX_BYTES + 1), name: 'bigger.png' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: LOGO_MESSAGES.tooLarge });
  });

  it("lets an admin set anyone's logo and refuses a customer touching someone else's (403, delete 404)", async () => {
    expect((await upload(other.id, { bytes: await png(), name: 'x.png' })).statusCode).toBe(403);
    expect((await upload(other.id, { bytes: await png(), name: 'x.png' }, null)).statusCode).toBe(401);
    const byAdmin = await upload(other.id, { bytes: await png(), name: 'theirs.png' }, admin);
    expect(byAdmin.statusCode).toBe(201);
    const theirFile = byAdmin.json().data;
    expect(theirFile.user_id).toBe(other.id);
    expect((await upload(999_999, { bytes: await png(), name: 'x.png' }, admin)).statusCode).toBe(404);

    // Someone else's file answers like a missing one: ids are not probed this way.
    const notMine = await http.delete(`files/${theirFile.id}`, { headers: mine.headers });
    const missing = await http.delete('files/999999', { headers: mine.headers });
    expect([notMine.statusCode, notMine.body]).toEqual([404, missing.body]);
    expect(notMine.json()).toEqual({ message: MESSAGES.notFound });
    expect((await fetchUrl(theirFile.public_url)).statusCode).toBe(200);
  });

  it('deletes a logo (204) for its owner or an admin; 404 for a missing one', async () => {
    const own = (await upload(other.id, { bytes: await png(), name: 'o.png' }, theirs)).json().data;
    const res = await http.delete(`files/${own.id}`, { headers: theirs.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await fetchUrl(own.public_url)).statusCode).toBe(404);
    expect((await http.get('auth/me', { headers: theirs.headers })).json().data.logo).toBeNull();
    expect((await http.delete(`files/${own.id}`, { headers: theirs.headers })).statusCode).toBe(404);

    const again = (await upload(other.id, { bytes: await jpeg(), name: 'o.jpg' }, theirs)).json().data;
    expect((await http.delete(`files/${again.id}`, { headers: admin.headers })).statusCode).toBe(204);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'files.deleted'), eq(auditLog.actorId, adminId)));
    expect(audit).toMatchObject({ targetId: String(other.id), details: { fileId: again.id } });
    expect((await fetchUrl('/api/v1.0/files/public/not-a-key')).statusCode).toBe(404);
  });
});
